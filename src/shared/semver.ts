import { z } from 'zod';

/** Versions of resources and LEIAs are plain `major.minor.patch` (no pre-release or build tags). */
export interface SemVer {
  major: number;
  minor: number;
  patch: number;
}

export const DEFAULT_VERSION = '1.0.0';

/**
 * The database keeps each part in an int4 column (so "latest" sorts numerically), hence the cap.
 */
export const MAX_VERSION_PART = 2_147_483_647;

export const SEMVER_TEXTS = {
  required: 'Version is required',
  format: 'Version must look like x.y.z (for example 1.0.0)',
  tooLarge: `Version numbers must be at most ${MAX_VERSION_PART}`,
} as const;

// No leading zeros, as in semver itself: '01.0.0' would otherwise equal '1.0.0' numerically yet be a
// different string, which would defeat the unique (name, version) constraint.
const SEMVER_PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

const matchVersion = (value: string): SemVer | undefined => {
  const match = SEMVER_PATTERN.exec(value);
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
};

const withinLimits = (version: SemVer): boolean =>
  version.major <= MAX_VERSION_PART && version.minor <= MAX_VERSION_PART && version.patch <= MAX_VERSION_PART;

/** Why `value` is not an acceptable version, or undefined when it is one. */
export const versionProblem = (value: string): string | undefined => {
  const parsed = matchVersion(value);
  if (!parsed) return SEMVER_TEXTS.format;
  return withinLimits(parsed) ? undefined : SEMVER_TEXTS.tooLarge;
};

export const isValidVersion = (value: string): boolean => versionProblem(value) === undefined;

/** Throws an Error naming the problem when `value` is not `x.y.z`. */
export const parseVersion = (value: string): SemVer => {
  const problem = versionProblem(value);
  if (problem) throw new Error(`${problem}: '${value}'`);
  return matchVersion(value)!;
};

export const formatVersion = (version: SemVer): string =>
  `${version.major}.${version.minor}.${version.patch}`;

/** Negative when a < b, 0 when equal, positive when a > b; usable directly as a sort comparator. */
export const compareVersions = (a: string | SemVer, b: string | SemVer): number => {
  const left = typeof a === 'string' ? parseVersion(a) : a;
  const right = typeof b === 'string' ? parseVersion(b) : b;
  return left.major - right.major || left.minor - right.minor || left.patch - right.patch;
};

/** A trimmed `x.y.z` string; the message says what is wrong. */
export const versionSchema = z
  .string({ error: (issue) => (issue.input === undefined ? SEMVER_TEXTS.required : SEMVER_TEXTS.format) })
  .trim()
  .min(1, { error: SEMVER_TEXTS.required, abort: true })
  .superRefine((value, ctx) => {
    const problem = versionProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** How a new version moves on from the latest one. */
export const VERSION_BUMPS = ['patch', 'minor', 'major'] as const;
export type VersionBump = (typeof VERSION_BUMPS)[number];
export const DEFAULT_BUMP: VersionBump = 'minor';

/** The next version after `version`: 1.2.3 -> patch 1.2.4, minor 1.3.0, major 2.0.0. */
export const bumpVersion = (version: string, bump: VersionBump): string => {
  const { major, minor, patch } = parseVersion(version);
  if (bump === 'major') return formatVersion({ major: major + 1, minor: 0, patch: 0 });
  if (bump === 'minor') return formatVersion({ major, minor: minor + 1, patch: 0 });
  return formatVersion({ major, minor, patch: patch + 1 });
};
