import { findInputProblem, INPUT_TEXTS, MAX_JSON_DEPTH, textProblem } from '@shared/input-rules';
import { personaBodySchema } from '@shared/schemas/resources';
import { validateUserForm } from '@shared/schemas/user-form';
import fc from 'fast-check';

describe('textProblem', () => {
  it('refuses NUL and unpaired surrogates, and nothing else', () => {
    expect(textProblem('a\u0000b')).toBe(INPUT_TEXTS.nul);
    expect(textProblem('a\ud800')).toBe(INPUT_TEXTS.surrogate);
    expect(textProblem('\udc00a')).toBe(INPUT_TEXTS.surrogate);
    expect(textProblem('😀 \u0007\t\r\n\u200b\ufeff')).toBeUndefined();
  });

  it('accepts every well-formed string without NUL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(textProblem(text.replaceAll('\u0000', ''))).toBeUndefined();
      }),
    );
  });
});

describe('findInputProblem', () => {
  it('names the path of a bad value or key at any depth', () => {
    expect(findInputProblem({ spec: { list: ['ok', { note: 'x\u0000' }] } })).toEqual({
      path: 'spec.list.1.note',
      message: INPUT_TEXTS.nul,
    });
    expect(findInputProblem({ spec: { '\ud800': 1 } })).toEqual({
      path: 'spec.\ud800',
      message: `key ${INPUT_TEXTS.surrogate}`,
    });
    expect(findInputProblem('x\u0000', 'text')).toEqual({ path: 'text', message: INPUT_TEXTS.nul });
    expect(findInputProblem({ a: [1, true, null, 'fine', { b: 'fine' }] })).toBeUndefined();
  });

  it(`stops at ${MAX_JSON_DEPTH} levels without using the call stack`, () => {
    const nest = (levels: number) => {
      let value: unknown = 'bottom';
      for (let i = 0; i < levels; i++) value = { d: value };
      return value;
    };
    expect(findInputProblem(nest(MAX_JSON_DEPTH))).toBeUndefined();
    expect(findInputProblem(nest(MAX_JSON_DEPTH + 1))?.message).toBe(INPUT_TEXTS.tooDeep);
    expect(findInputProblem(nest(200_000))?.message).toBe(INPUT_TEXTS.tooDeep);
  });
});

describe('the forms use the same rule', () => {
  it('a persona field or name says what is wrong before anything is sent', () => {
    const result = personaBodySchema.safeParse({
      metadata: { name: 'Ann\u0000' },
      spec: { fullName: 'Ann \ud800' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      `Name ${INPUT_TEXTS.nul}`,
      `Full name ${INPUT_TEXTS.surrogate}`,
    ]);
  });

  it('the user form refuses a password the server would refuse', () => {
    const result = validateUserForm(
      { email: 'a@b.co', role: 'instructor', password: 'secret\u0000', confirmPassword: 'secret\u0000' },
      'create',
    );
    expect(result).toEqual({ ok: false, errors: { password: `Password ${INPUT_TEXTS.nul}` } });
  });
});
