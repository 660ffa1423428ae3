import { startFakeOpenAI } from '../../support/fake-openai';
import { MODEL_DELAY_MS, replyFor } from './paced-model';

/** The paced model's process (paced-model.ts): sends {url} once it listens. */
const model = await startFakeOpenAI({
  delayMs: MODEL_DELAY_MS,
  script: (request) => {
    const last = request.body.messages?.at(-1)?.content;
    return replyFor(typeof last === 'string' ? last : '');
  },
});
// Nothing reads the recorded requests here: keep memory flat across a long run.
setInterval(() => model.reset(), 1000).unref();
process.send?.({ url: model.url });
