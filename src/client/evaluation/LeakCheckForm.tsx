import { submitsAction } from '@client/actions/ActionButton';
import { TextInput } from '@client/components';
import { startCheck } from '@machines/leakCheck/actions';
import { type LeakCheckSnapshot, leakCheckView } from '@machines/leakCheck/selectors';
import {
  LEAK_CHECK_LIMITS,
  LEAK_CHECK_STYLE_LABELS,
  type LeakCheckStyle,
  leakCheckStyles,
} from '@shared/schemas/leak-check';
import { shallowEqual } from '@xstate/react';
import { useId } from 'react';
import { LeakCheckActor } from './actors';

export const LEAK_CHECK_FORM_ID = 'leak-check-form';

const selectForm = (s: LeakCheckSnapshot) => ({
  form: s.context.form,
  errors: s.context.errors,
  starting: leakCheckView(s) === 'starting',
});

/** The two numbers of a check, each an integer field within its limits. */
const NUMBER_FIELDS = [
  { key: 'runs', label: 'Interviews per style' },
  { key: 'maxTurns', label: 'Questions per interview, at most' },
] as const;

/**
 * What to run: which interview styles, how many interviews of each, and how many questions at
 * most per interview. Checked with the server's own schema when Start is pressed.
 */
export function LeakCheckForm() {
  const actor = LeakCheckActor.useActorRef();
  const { form, errors, starting } = LeakCheckActor.useSelector(selectForm, shallowEqual);
  const stylesError = useId();
  const set = (change: Partial<typeof form>) => actor.send({ type: 'check.form', form: change });
  const toggle = (style: LeakCheckStyle, on: boolean) =>
    set({ styles: leakCheckStyles.filter((s) => (s === style ? on : form.styles.includes(s))) });
  const interviews = form.styles.length * (Number.parseInt(form.runs, 10) || 0);

  return (
    <form
      id={LEAK_CHECK_FORM_ID}
      className="leak-check-form"
      onSubmit={submitsAction(actor, startCheck)}
      noValidate
    >
      <fieldset
        className="leak-check-form__styles"
        disabled={starting}
        aria-describedby={errors.styles ? stylesError : undefined}
      >
        <legend>Simulated students</legend>
        {leakCheckStyles.map((style) => (
          <label key={style} className="leak-check-form__style">
            <input
              type="checkbox"
              checked={form.styles.includes(style)}
              onChange={(event) => toggle(style, event.target.checked)}
            />
            {LEAK_CHECK_STYLE_LABELS[style]}
          </label>
        ))}
        {errors.styles && (
          <p className="field__error" id={stylesError}>
            {errors.styles}
          </p>
        )}
      </fieldset>
      <div className="leak-check-form__numbers">
        {NUMBER_FIELDS.map(({ key, label }) => (
          <TextInput
            key={key}
            label={label}
            type="number"
            inputMode="numeric"
            min={LEAK_CHECK_LIMITS[key].min}
            max={LEAK_CHECK_LIMITS[key].max}
            value={form[key]}
            error={errors[key]}
            disabled={starting}
            onChange={(event) => set({ [key]: event.target.value })}
          />
        ))}
      </div>
      <p className="leak-check-form__total">
        {interviews === 1 ? '1 interview' : `${interviews} interviews`} in all.
      </p>
    </form>
  );
}
