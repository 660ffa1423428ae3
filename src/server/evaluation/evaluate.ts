import { evaluationSizeProblem } from '@shared/evaluation/limits';
import { buildReport, type EvaluationInput, prepareEvaluation } from '@shared/evaluation/report';
import type { EvaluationMethod, EvaluationReport } from '@shared/schemas/evaluation';
import { badRequest } from '../errors';
import { serverLexicon } from '../lexicon';
import { judge } from './judge';
import { type EvaluationModel, judgedOrOffline, judgeFor } from './model';

/**
 * One conversation's report: by the judge when a model is connected (or asked for), offline
 * otherwise. A judge that fails or answers something unusable leaves an offline report that says
 * why (`fallback`); only the caller going away stops the evaluation. A conversation beyond
 * EVALUATION_LIMITS is refused before any work (a 400 naming the limit).
 */
export async function evaluateConversation(
  input: EvaluationInput,
  options: {
    model?: EvaluationModel | undefined;
    method?: EvaluationMethod | undefined;
    signal?: AbortSignal;
  },
): Promise<EvaluationReport> {
  const { signal } = options;
  const model = judgeFor(options);
  const tooBig = evaluationSizeProblem(input.messages);
  if (tooBig) throw badRequest(tooBig, { messages: tooBig });
  const prepared = prepareEvaluation(input);
  const lexicon = serverLexicon();
  if (!model || prepared.read.elements.length === 0) return buildReport(prepared, { lexicon });
  return judgedOrOffline(
    async () => buildReport(prepared, { judged: await judge(model, prepared, signal), lexicon }),
    (fallback) => buildReport(prepared, { fallback, lexicon }),
    { signal, unreadable: 'the judgement could not be read' },
  );
}
