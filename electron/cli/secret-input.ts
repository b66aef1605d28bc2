import { text } from 'node:stream/consumers';

/**
 * Reads a client secret: the whole of standard input when it is a pipe or a file, else a prompt on
 * the terminal that does not echo what is typed. Never from the command line, where every user of
 * the machine could read it (ps, shell history).
 */
export async function readSecret(
  stdin: NodeJS.ReadStream,
  prompt: { write(text: string): unknown },
): Promise<string> {
  if (!stdin.isTTY) return (await text(stdin)).replace(/\r?\n$/, '');
  prompt.write('Client secret (not shown): ');
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          finish();
          resolve(typed);
          return;
        }
        if (character === '\u0003') {
          finish();
          reject(new Error('cancelled'));
          return;
        }
        if (character === '\u007f' || character === '\b') typed = typed.slice(0, -1);
        else typed += character;
      }
    };
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      prompt.write('\n');
    };
    stdin.on('data', onData);
  });
}
