import { parseLink, type ParsedLink } from '../../shared/links.js';

/** Links kept at most while no window takes them: a burst from a script is not a queue to grow. */
const WAITING_MAX = 20;

/**
 * The cdb:// links the system hands the app (a cold start's command line, a second launch's, macOS's
 * open-url), parsed as they come (shared/links.ts): kept until a window takes them (`links.take`,
 * when its page is ready), then pushed to the windows as they come (`link.open`).
 */
export class LinkInbox {
  private readonly waiting: ParsedLink[] = [];
  private taken = false;

  constructor(private readonly push: (link: ParsedLink) => void) {}

  /** A link the system handed the app: pushed to the windows if one took links already, else kept. */
  receive(text: string): void {
    const parsed = parseLink(text);
    if (this.taken) this.push(parsed);
    else if (this.waiting.length < WAITING_MAX) this.waiting.push(parsed);
  }

  /** The links kept so far, for the window that is ready for them; those after are pushed. */
  take(): ParsedLink[] {
    this.taken = true;
    return this.waiting.splice(0);
  }
}
