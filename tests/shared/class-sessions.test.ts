import {
  isJoinCode,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  makeJoinCode,
  normaliseJoinCode,
  secondsLeft,
  timeLeftText,
} from '@shared/class-sessions';
import { joinBodySchema, startClassSessionBodySchema } from '@shared/schemas/class-sessions';

describe('join codes', () => {
  it('use no look-alikes: no 0/O, no 1/I/L', () => {
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) expect(JOIN_CODE_ALPHABET).not.toContain(lookAlike);
    expect(new Set(JOIN_CODE_ALPHABET).size).toBe(JOIN_CODE_ALPHABET.length);
  });

  it('are read case-insensitively, spaces and dashes ignored', () => {
    expect(normaliseJoinCode(' abc-def ')).toBe('ABCDEF');
    expect(normaliseJoinCode('ab c d-ef')).toBe('ABCDEF');
    expect(isJoinCode('ABCDEF')).toBe(true);
    expect(isJoinCode('ABCDE')).toBe(false);
    expect(isJoinCode('ABCDE0')).toBe(false);
    expect(isJoinCode('ABCDEL')).toBe(false);
  });

  it('are drawn from the alphabet, every symbol reachable', () => {
    let step = 0;
    const code = makeJoinCode(() => (step++ % JOIN_CODE_ALPHABET.length) / JOIN_CODE_ALPHABET.length);
    expect(code).toHaveLength(JOIN_CODE_LENGTH);
    expect(code).toBe(JOIN_CODE_ALPHABET.slice(0, JOIN_CODE_LENGTH));
    expect(makeJoinCode(() => 0.999999)).toBe('9'.repeat(JOIN_CODE_LENGTH));
    expect(isJoinCode(makeJoinCode(Math.random))).toBe(true);
  });

  it('a join body normalises its code and names a bad one', () => {
    expect(joinBodySchema.parse({ code: 'abc-def', displayName: 'Ada' }).code).toBe('ABCDEF');
    const bad = joinBodySchema.safeParse({ code: 'hello!', displayName: 'Ada' });
    expect(bad.success).toBe(false);
  });
});

describe('a session start', () => {
  it('takes its defaults: no rejoin, report shown, solution hidden, a display name', () => {
    expect(startClassSessionBodySchema.parse({ name: ' Monday ' })).toEqual({
      name: 'Monday',
      allowRejoin: false,
      showReport: true,
      showSolution: false,
      identity: 'name',
    });
  });
});

describe('time left', () => {
  it('is counted from the deadline and said in words', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(secondsLeft('2026-01-01T10:05:00Z', now)).toBe(300);
    expect(secondsLeft('2026-01-01T09:00:00Z', now)).toBe(0);
    expect(secondsLeft(null, now)).toBeNull();
    expect(timeLeftText(45)).toBe('45 seconds');
    expect(timeLeftText(60)).toBe('1 minute');
    expect(timeLeftText(61)).toBe('2 minutes');
    expect(timeLeftText(3600)).toBe('1 hour');
    expect(timeLeftText(3900)).toBe('1 hour 5 minutes');
  });
});
