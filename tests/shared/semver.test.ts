import {
  compareVersions,
  DEFAULT_VERSION,
  formatVersion,
  isValidVersion,
  MAX_VERSION_PART,
  parseVersion,
  SEMVER_TEXTS,
  versionSchema,
} from '@shared/semver';
import fc from 'fast-check';

const messages = (value: unknown) =>
  versionSchema.safeParse(value).error?.issues.map((issue) => issue.message);

describe('parseVersion', () => {
  it('splits x.y.z into numbers', () => {
    expect(parseVersion('1.0.0')).toEqual({ major: 1, minor: 0, patch: 0 });
    expect(parseVersion('10.20.300')).toEqual({ major: 10, minor: 20, patch: 300 });
    expect(parseVersion(`${MAX_VERSION_PART}.0.0`).major).toBe(MAX_VERSION_PART);
  });

  it.each([
    '',
    '1',
    '1.0',
    '1.0.0.0',
    'v1.0.0',
    '1.0.0-beta',
    '01.0.0',
    '1.00.0',
    '1.0.-1',
    ' 1.0.0',
    'a.b.c',
  ])('rejects %j with a message naming the format', (value) => {
    expect(isValidVersion(value)).toBe(false);
    expect(() => parseVersion(value)).toThrow(SEMVER_TEXTS.format);
  });

  it('rejects parts the database cannot store', () => {
    expect(() => parseVersion(`1.${MAX_VERSION_PART + 1}.0`)).toThrow(SEMVER_TEXTS.tooLarge);
  });

  it('round-trips through formatVersion', () => {
    fc.assert(
      fc.property(
        fc.nat(MAX_VERSION_PART),
        fc.nat(MAX_VERSION_PART),
        fc.nat(MAX_VERSION_PART),
        (major, minor, patch) => {
          const text = formatVersion({ major, minor, patch });
          expect(parseVersion(text)).toEqual({ major, minor, patch });
        },
      ),
    );
  });
});

describe('compareVersions', () => {
  it('orders numerically, not as text', () => {
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareVersions('2.0.0', '10.0.0')).toBeLessThan(0);
    expect(compareVersions('1.0.2', '1.0.10')).toBeLessThan(0);
    expect(compareVersions('3.1.4', { major: 3, minor: 1, patch: 4 })).toBe(0);
  });

  it('sorts a list as a comparator', () => {
    expect(['1.10.0', '1.2.0', '0.9.9', '1.2.10', '1.2.9'].sort(compareVersions)).toEqual([
      '0.9.9',
      '1.2.0',
      '1.2.9',
      '1.2.10',
      '1.10.0',
    ]);
  });

  it('is antisymmetric', () => {
    const version = fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20)).map(([a, b, c]) => `${a}.${b}.${c}`);
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(Math.sign(compareVersions(a, b))).toBe(-Math.sign(compareVersions(b, a)) || 0);
      }),
    );
  });

  it('throws on an invalid version rather than guessing', () => {
    expect(() => compareVersions('1.0', '1.0.0')).toThrow(SEMVER_TEXTS.format);
  });
});

describe('versionSchema', () => {
  it('trims and accepts x.y.z', () => {
    expect(versionSchema.parse(' 2.3.4 ')).toBe('2.3.4');
    expect(versionSchema.parse(DEFAULT_VERSION)).toBe('1.0.0');
  });

  it('names what is wrong', () => {
    expect(messages('')).toEqual([SEMVER_TEXTS.required]);
    expect(messages(undefined)).toEqual([SEMVER_TEXTS.required]);
    expect(messages('1.0')).toEqual(['Version must look like x.y.z (for example 1.0.0)']);
    expect(messages(100)).toEqual([SEMVER_TEXTS.format]);
    expect(messages('9999999999.0.0')).toEqual([SEMVER_TEXTS.tooLarge]);
  });
});
