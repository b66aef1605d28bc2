import { useSetting } from '../data/useSetting';

/**
 * A setting that is on or off, as a checkbox with a hint below it (in a menu, beside what it is
 * about). `onUnlessOff`: the setting is on until the user turns it off (its default is on).
 */
export function CheckSetting({
  setting,
  label,
  hint,
  onUnlessOff = false,
}: {
  setting: 'startClean' | 'prepareSearch' | 'keepLists';
  label: string;
  hint: string;
  onUnlessOff?: boolean;
}) {
  const { value, choose, problem } = useSetting(setting);
  return (
    <div className="menu-setting">
      <label>
        <input
          type="checkbox"
          checked={onUnlessOff ? value !== false : value === true}
          onChange={(event) => void choose(event.target.checked)}
        />{' '}
        {label}
      </label>
      <p className="hint">{hint}</p>
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
