import { useTranslation } from 'react-i18next';

/** A shortcut's chords, each in a `<kbd>`, joined as the language joins alternatives ("F5 or Ctrl+R"). */
export function Keys({ chords }: { chords: readonly string[] }) {
  const { i18n } = useTranslation();
  // Placeholders stand for the chords, so the words between them come from the language's own list.
  const parts = new Intl.ListFormat(i18n.language, { type: 'disjunction' }).formatToParts(
    chords.map((_, index) => String(index)),
  );
  return (
    <span className="keys">
      {parts.map((part, index) =>
        part.type === 'element' ? <kbd key={index}>{chords[Number(part.value)]}</kbd> : part.value,
      )}
    </span>
  );
}
