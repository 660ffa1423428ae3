import { z } from 'zod';
import { ELEMENT_KINDS } from '../evaluation/elements/types';
import { evaluationMethodSchema } from './evaluation';
import { solutionFormats } from './resources';

/**
 * A hand-in graded against the hidden solution (docs/architecture.md "Grading a hand-in"): each
 * solution element present, partly present or missing in what the student handed in, the hand-in's
 * elements that are not in the solution, a grade from 0 to 10 with one decimal and how it was
 * made. An instructor may override the grade with a comment; both are kept and `counted` says
 * which one counts. One scale everywhere: 0 to 10.
 */

export const GRADING_TEXTS = {
  offlineMethod: (presentPercent: number, partlyPercent: number) =>
    `Offline comparison: the hand-in was read with the solution's own parser, and each solution element was looked for among the hand-in's elements of the same kind: present when one of them states at least ${presentPercent}% of its key words (rarer words weigh more; case, accents, plurals, compound names such as SeatingZone, synonyms and times or durations written another way are folded), partly present from ${partlyPercent}%. An attribute under another class, or a relationship of another kind, direction or multiplicity, is partly present.`,
  judgeMethod: (model: string) =>
    `Graded by the language model ${model}: it marked each solution element present, partly present or missing in the hand-in, named the hand-in's wrong elements and wrote the feedback.`,
  judgeFallback: (reason: string) =>
    `The language model could not grade this hand-in (${reason}); the offline comparison was used instead.`,
  handInFallback: (format: string) =>
    `The hand-in could not be read as ${format}; its lines were compared with the solution as sentences.`,
  otherDiagram:
    "The hand-in is another kind of diagram than the solution; its elements were compared with the solution's as text.",
  solutionFallback: (format: string) =>
    `The solution could not be read as ${format}; it was split into sentences instead.`,
  omittedHandIn: (count: number) => `${count} more elements of a very long hand-in were left out.`,
  omittedSolution: (count: number) => `${count} more elements of a very long solution were left out.`,
  truncatedHandIn: (characters: string) =>
    `Only the first ${characters} characters of the hand-in were graded.`,
  noElements: 'The solution has no elements to compare the hand-in with.',
  feedbackOffline: 'Written feedback is only given with a connected language model.',
  explanation: (figures: { grade: string; present: number; partly: number; extra: number; total: number }) =>
    `${figures.grade} / 10: ${figures.present} of ${figures.total} solution elements present, ${figures.partly} partly present (half each), ${figures.extra} extra elements not in the solution (a quarter each taken off).`,
  foundUnder: (parent: string) => `found under ${parent}`,
  startsFrom: (parent: string) => `from ${parent} instead`,
  otherLink: 'another kind of relationship',
  otherDirection: 'the other way round',
  otherClasses: 'between other classes',
  otherValue: 'another time, duration or number',
  onlyMentioned: 'only mentioned within a longer statement',
  otherMultiplicity: (ends: string) => `other multiplicities (${ends})`,
  gradeRange: 'A grade is a number from 0 to 10',
  gradeDecimals: 'A grade has at most one decimal',
  commentRequired: 'Say why the grade is changed',
  commentTooLong: 'The comment is longer than 2,000 characters',
} as const;

export const gradeStatuses = ['present', 'partly', 'missing'] as const;
export const gradeStatusSchema = z.enum(gradeStatuses);
export type GradeStatus = z.infer<typeof gradeStatusSchema>;

/** What is shown, 0 to 10 with at most one decimal. */
export const gradeValueSchema = z
  .number({ error: GRADING_TEXTS.gradeRange })
  .min(0, GRADING_TEXTS.gradeRange)
  .max(10, GRADING_TEXTS.gradeRange)
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, GRADING_TEXTS.gradeDecimals);

const share = z.number().min(0).max(1);
const count = z.number().int().min(0);

export const gradedElementSchema = z.object({
  id: z.string(),
  kind: z.enum(ELEMENT_KINDS),
  label: z.string(),
  parent: z.string().optional(),
  status: gradeStatusSchema,
  /** Offline: the share of its key words the hand-in's element states. */
  match: share.optional(),
  /** The hand-in's element(s) it was found in, quoted. */
  evidence: z.string().optional(),
  /** Why it is only partly present, when that is known: "found under Librarian". */
  note: z.string().optional(),
});
export type GradedElement = z.infer<typeof gradedElementSchema>;

/** An element of the hand-in that is not in the solution (offline), or that is wrong (judge). */
export const extraElementSchema = z.object({
  kind: z.enum(ELEMENT_KINDS),
  label: z.string(),
  parent: z.string().optional(),
  /** Judge only: why it is wrong. */
  reason: z.string().optional(),
});
export type ExtraElement = z.infer<typeof extraElementSchema>;

export const gradeOverrideBodySchema = z.object({
  grade: gradeValueSchema,
  comment: z
    .string({ error: GRADING_TEXTS.commentRequired })
    .trim()
    .min(1, GRADING_TEXTS.commentRequired)
    .max(2000, GRADING_TEXTS.commentTooLong),
});
export type GradeOverrideBody = z.infer<typeof gradeOverrideBodySchema>;

export const gradeOverrideSchema = gradeOverrideBodySchema.extend({
  /** Who overrode it (the instructor's id or email, as the caller records people). */
  by: z.string().min(1),
  /** When, as an ISO date-time. */
  at: z.iso.datetime({ offset: true }),
});
export type GradeOverride = z.infer<typeof gradeOverrideSchema>;

export const handInGradeSchema = z
  .object({
    method: evaluationMethodSchema,
    /** The model that graded (method 'judge'). */
    model: z.string().optional(),
    /** A judge was asked for but failed; the grade is offline and says why. */
    fallback: z.string().optional(),
    solutionFormat: z.enum(solutionFormats),
    /** Every solution element, in the solution's order. */
    elements: z.array(gradedElementSchema),
    /** At most MAX_EXTRA_LISTED of them; `figures.extra` counts them all. */
    extra: z.array(extraElementSchema),
    figures: z.object({
      total: count,
      present: count,
      partly: count,
      missing: count,
      extra: count,
      /** Elements read from the hand-in. */
      handIn: count,
    }),
    /** (present + partly x weights.partly) / total. */
    recall: share,
    /** extra x weights.extra / total: what the extra elements take off the recall. */
    penalty: z.number().min(0),
    weights: z.object({ partly: share, extra: share }),
    /** 10 x (recall - penalty), at least 0, one decimal: the grade the method gives. */
    grade: gradeValueSchema,
    explanation: z.string(),
    /** Judge only: two or three sentences for the student. */
    feedback: z.string().optional(),
    /** What the reader should know about how the grade was made. */
    notes: z.array(z.string()),
    override: gradeOverrideSchema.optional(),
    /** Which grade counts: the method's, or the instructor's override. */
    counted: z.enum(['computed', 'override']),
    /** The grade that counts. */
    final: gradeValueSchema,
  })
  .refine(
    (result) =>
      result.override
        ? result.counted === 'override' && result.final === result.override.grade
        : result.counted === 'computed' && result.final === result.grade,
    { message: 'The grade that counts must be the override when there is one, else the computed grade' },
  );
export type HandInGrade = z.infer<typeof handInGradeSchema>;
