import { buildGrade, type GradingInput, prepareGrading } from '@shared/evaluation/grading';
import type { EvaluationMethod } from '@shared/schemas/evaluation';
import type { HandInGrade } from '@shared/schemas/grading';
import { serverLexicon } from '../lexicon';
import { judgeHandIn } from './grade-judge';
import { type EvaluationModel, judgedOrOffline, judgeFor } from './model';

/**
 * A hand-in's grade: by the judge when a model is connected (or asked for), offline otherwise,
 * with the server's lexicon. A judge that fails or answers something unusable leaves the offline
 * grade, which says why (`fallback`); only the caller going away stops the grading. There is
 * nothing to ask a judge about a solution without elements or an empty hand-in: both grade 0
 * offline. A hand-in beyond MAX_HAND_IN_CHARS is graded on its beginning (the route that takes
 * hand-ins refuses longer ones).
 */
export async function gradeHandIn(
  input: GradingInput,
  options: {
    model?: EvaluationModel | undefined;
    method?: EvaluationMethod | undefined;
    signal?: AbortSignal;
  },
): Promise<HandInGrade> {
  const { signal } = options;
  const model = judgeFor(options);
  const prepared = prepareGrading(input);
  const lexicon = serverLexicon();
  const nothingToJudge =
    prepared.solutionRead.elements.length === 0 || prepared.handInRead.elements.length === 0;
  if (!model || nothingToJudge) return buildGrade(prepared, { lexicon });
  return judgedOrOffline(
    async () => buildGrade(prepared, { judged: await judgeHandIn(model, prepared, signal), lexicon }),
    (fallback) => buildGrade(prepared, { fallback, lexicon }),
    { signal, unreadable: 'the grading could not be read' },
  );
}
