import {
  type GradeOverrideBody,
  gradeOverrideBodySchema,
  gradeOverrideSchema,
  type HandInGrade,
} from '../schemas/grading';

/**
 * An instructor's override of a hand-in's grade: the computed grade stays (with how it was made)
 * beside the override and its comment, and `counted` says that the override is the grade that
 * counts. The same 0-10 scale as the computed grade; bad input throws the schema's error, which
 * names what is wrong (a route validates the body with gradeOverrideBodySchema first).
 */
export function applyOverride(
  result: HandInGrade,
  body: GradeOverrideBody,
  who: { by: string; at: Date | string },
): HandInGrade {
  const { grade, comment } = gradeOverrideBodySchema.parse(body);
  const at = typeof who.at === 'string' ? who.at : who.at.toISOString();
  const override = gradeOverrideSchema.parse({ grade, comment, by: who.by, at });
  return { ...result, override, counted: 'override', final: override.grade };
}

/** The override withdrawn: the computed grade counts again. */
export function clearOverride(result: HandInGrade): HandInGrade {
  const { override: _withdrawn, ...rest } = result;
  return { ...rest, counted: 'computed', final: rest.grade };
}

/** A hand-in graded again (by the judge once a model is connected, say) keeps the instructor's word. */
export const keepOverride = (previous: HandInGrade | undefined, next: HandInGrade): HandInGrade =>
  previous?.override
    ? { ...next, override: previous.override, counted: 'override', final: previous.override.grade }
    : next;
