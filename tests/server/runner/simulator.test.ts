import { type ChatTurn, collectReply, type ResolvedLeia, specText } from '@server/runner/provider';
import { createProvider } from '@server/runner/providers';
import {
  createSimulatorProvider,
  SIMULATOR_MODEL,
  simulateInterview,
  simulateReply,
} from '@server/runner/simulator';
import { validateTranscription } from '@shared/schemas/transcription';
import { loadCatalogueLeias } from './catalogue-leias';
import { bakery, clinic, leakyWarehouse, paperClipGame } from './fixtures';
import { longestSharedRun } from './shared-run';

const ask = (leia: ResolvedLeia, question: string, before: ChatTurn[] = []) =>
  simulateReply(leia, [...before, { role: 'user', content: question }]);

describe('simulator provider', () => {
  it('says plainly that it is the offline simulator', () => {
    const provider = createProvider({ provider: 'simulator', timeoutMs: 1000 });
    expect(provider).toMatchObject({ name: 'simulator', model: SIMULATOR_MODEL });
    expect(SIMULATOR_MODEL).toBe('offline-simulator');
  });

  it('streams the reply in word chunks that join to the whole reply', async () => {
    const history: ChatTurn[] = [{ role: 'user', content: 'How do customers pay?' }];
    const deltas: string[] = [];
    for await (const delta of createSimulatorProvider().streamReply({ system: '', history, leia: bakery })) {
      deltas.push(delta);
    }
    expect(deltas.length).toBeGreaterThan(3);
    for (const delta of deltas) expect(delta.trim()).not.toMatch(/\s/);
    expect(deltas.join('')).toBe(simulateReply(bakery, history));
  });

  it('is deterministic: the same conversation always gets the same reply', async () => {
    const questions = [
      'Hello!',
      'How do customers pay?',
      'Tell me about the orders',
      'What is the weather on Mars?',
    ];
    for (const question of questions) {
      const history: ChatTurn[] = [{ role: 'user', content: question }];
      const first = await collectReply(
        createSimulatorProvider().streamReply({ system: '', history, leia: bakery }),
      );
      const second = await collectReply(
        createSimulatorProvider().streamReply({ system: '', history, leia: bakery }),
      );
      expect(second).toBe(first);
    }
    expect(simulateInterview(bakery)).toEqual(simulateInterview(bakery));
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const provider = createSimulatorProvider({ chunkDelayMs: 5 });
    const deltas: string[] = [];
    const reading = (async () => {
      for await (const delta of provider.streamReply({
        system: '',
        history: [{ role: 'user', content: 'What is your job?' }],
        leia: bakery,
        signal: controller.signal,
      })) {
        deltas.push(delta);
        controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'ProviderError', kind: 'aborted' });
    expect(deltas).toHaveLength(1);
  });
});

describe('simulator replies', () => {
  it("greets by first name when greeted ('Hi, I'm {firstName}...')", () => {
    expect(ask(bakery, 'Hello!')).toMatch(/^Hi, I'm Ana\. I run a small family bakery in Seville\./);
    expect(ask(leakyWarehouse, 'Good morning')).toMatch(/^Hi, I'm Bob\./);
    expect(ask(clinic, 'Hola')).toMatch(/^Hola, soy Lucía\./);
    expect(ask(bakery, 'How do customers pay?')).not.toMatch(/Hi, I'm/);
  });

  it('speaks in the first person, in the persona’s voice', () => {
    const reply = ask(bakery, 'What is your job?');
    expect(reply).toContain('I run a small family bakery in Seville.');
    expect(reply).toContain('I have two employees and open the shop at seven every morning.');
    expect(reply).not.toMatch(/Ana García runs|\bShe\b/);
    expect(ask(bakery, 'What are you like?')).toContain(
      "I'm friendly and talkative, but I get nervous with computers.",
    );
    expect(ask(clinic, '¿A qué se dedica?')).toContain(
      'Soy la recepcionista de una clínica dental en Madrid.',
    );
  });

  it('answers from the persona and problem sentences that match the question', () => {
    expect(ask(bakery, 'How do customers pay?')).toContain('Payment is made in cash at pickup.');
    expect(ask(bakery, 'When is the shop closed?')).toContain('The shop closes on Sundays.');
    expect(ask(bakery, "What's your name?")).toContain('My name is Ana García.');
    expect(ask(clinic, '¿Cómo piden cita los pacientes?')).toContain(
      'Los pacientes suelen llamar por teléfono para pedir cita.',
    );
  });

  it('asks for a narrower question when nothing matches, naming no topic of the problem', () => {
    const reply = ask(bakery, 'What do you think about quantum physics?');
    expect(reply).toBe("I'm not sure I can answer that. Could you ask me something narrower about my work?");
    // A list of the problem's words would point a student at the solution (issue 24).
    const history: ChatTurn[] = [{ role: 'user', content: 'What do you think about quantum physics?' }];
    const solutionWords = new Set(
      specText(bakery.problem.spec, 'solution')
        .toLowerCase()
        .match(/\p{L}{5,}/gu),
    );
    for (const attempt of [reply, simulateReply(bakery, history, reply)]) {
      const said = attempt.toLowerCase().match(/\p{L}{5,}/gu) ?? [];
      expect(
        said.filter((word) => solutionWords.has(word)),
        attempt,
      ).toEqual([]);
    }
    expect(ask(clinic, '¿Qué opina del fútbol?')).toMatch(/¿Podría preguntarme algo más concreto/);
  });

  it('brings something new when a question is asked again', () => {
    const first = ask(bakery, 'Tell me about the orders');
    const second = ask(bakery, 'Tell me about the orders', [
      { role: 'user', content: 'Tell me about the orders' },
      { role: 'assistant', content: first },
    ]);
    expect(second).not.toBe(first);
  });

  it('never says a sentence that repeats the solution, even one the problem quotes', () => {
    const solution = specText(leakyWarehouse.problem.spec, 'solution');
    const replies = [
      ask(leakyWarehouse, 'How are pallets tracked at the gate?'),
      ask(leakyWarehouse, 'Is there a barcode label on every pallet?'),
      ask(leakyWarehouse, solution),
      ...simulateInterview(leakyWarehouse).map((turn) => turn.text),
    ];
    for (const reply of replies) {
      expect(reply).not.toMatch(/barcode/i);
      expect(longestSharedRun(reply, solution)).toBeLessThan(8);
    }
  });
});

describe('Regenerate', () => {
  const history: ChatTurn[] = [{ role: 'user', content: 'Tell me about the orders' }];

  it('gives a different valid reply each attempt, and the same reply for the same attempt', () => {
    const first = simulateReply(bakery, history);
    const second = simulateReply(bakery, history, first);
    expect(second).not.toBe(first);
    expect(second).toMatch(/order/i);
    expect(simulateReply(bakery, history, first)).toBe(second);
    expect(simulateReply(bakery, history, second)).not.toBe(second);
  });

  it('reaches the provider through the request', async () => {
    const first = simulateReply(bakery, history);
    const regenerated = await collectReply(
      createSimulatorProvider().streamReply({ system: '', history, leia: bakery, replacing: first }),
    );
    expect(regenerated).toBe(simulateReply(bakery, history, first));
    expect(regenerated).not.toBe(first);
  });

  it('says plainly when it has no other answer', () => {
    const game = [{ role: 'user', content: 'How many questions have I used?' }] as const;
    const only = simulateReply(paperClipGame, game);
    expect(only).toBe("You've used 0 of your 10 questions.");
    expect(simulateReply(paperClipGame, game, only)).toBe(
      'The offline simulator has no other answer to this message. Try asking it another way.',
    );
  });

  it('replays a game without counting the replaced reply twice', () => {
    const game: ChatTurn[] = [
      { role: 'user', content: 'Is it alive?' },
      { role: 'assistant', content: 'No.' },
      { role: 'user', content: 'Is it a pen?' },
    ];
    const first = simulateReply(paperClipGame, game);
    const second = simulateReply(paperClipGame, game, first);
    expect(first).toMatch(/^No, it isn't a pen\..*2 of your 10/);
    expect(second).toMatch(/^No, not a pen\..*2 of your 10/);
  });
});

describe('simulated transcription', () => {
  it('is a valid interview: the interviewer opens, the LEIA answers every turn', async () => {
    const made = new Date('2026-03-14T15:30:00Z');
    const provider = createSimulatorProvider({ now: () => made });
    const messages = await provider.generateTranscription({ system: '', leia: bakery });
    expect(validateTranscription(messages)).toEqual({ ok: true, messages });
    expect(messages.length).toBeGreaterThanOrEqual(6);
    messages.forEach((message, index) => {
      expect(message.isLeia).toBe(index % 2 === 1);
    });
    // Dated when it was made: it ends then, each turn a few seconds after the one before.
    expect(messages.at(-1)?.timestamp).toBe('2026-03-14T15:30:00Z');
    const times = messages.map((message) => Date.parse(message.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[0]).toBeGreaterThan(made.getTime() - 30 * 60_000);
    expect(messages[1]?.text).toMatch(/^Hi, I'm Ana\./);
  });

  it('is dated today when no clock is given', async () => {
    const before = Date.now();
    const messages = await createSimulatorProvider().generateTranscription({ system: '', leia: bakery });
    const last = Date.parse(messages.at(-1)?.timestamp ?? '');
    expect(last).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(last).toBeLessThanOrEqual(Date.now());
  });

  it('walks through the problem’s topics as a person asks, in the LEIA’s language', () => {
    const english = simulateInterview(bakery).map((turn) => turn.text);
    const questions = english.filter((_, index) => index % 2 === 0).slice(1, -1);
    expect(questions).toContain('Could you tell me about the custom cake orders?');
    // A topic is a phrase of the problem, never two loose words ("forty and pastries").
    for (const question of questions) expect(question).not.toMatch(/ and \w+\?$|\d/);
    const spanish = simulateInterview(clinic);
    expect(spanish[0]?.text).toMatch(/^Hola, gracias por atenderme/);
    expect(spanish.at(-1)?.text).toMatch(/^De nada/);
  });

  it('plays a game LEIA’s game: a few questions, then the right guess', () => {
    const turns = simulateInterview(paperClipGame).map((turn) => turn.text);
    expect(turns[1]).toMatch(/^Hi, I'm Rosa\. I'm thinking of a small thing/);
    expect(turns).toContain('Is it a paper clip?');
    expect(turns.at(-3)).toMatch(/^Yes! It's a paper clip\. Well done/);
  });
});

describe('simulator across the whole catalogue', async () => {
  const leias = [...(await loadCatalogueLeias())];

  it('has LEIAs to check', () => {
    expect(leias.length).toBeGreaterThan(0);
  });

  describe.each(leias)('%s', (_name, leia) => {
    const firstName = specText(leia.persona.spec, 'firstName');
    const solution = specText(leia.problem.spec, 'solution');
    const interview = simulateInterview(leia);
    // Ordinary questions, the interview's topic questions, and questions that quote the solution itself.
    const questions = [
      'Hello!',
      'What is your job?',
      'What are you like?',
      'What is the main problem?',
      'What do you need the system to do?',
      'Who is involved?',
      'What happens when something goes wrong?',
      ...interview.filter((turn) => !turn.isLeia).map((turn) => turn.text),
      ...solution
        .split(/\n+|(?<=[.!?])\s+/)
        .filter((line) => line.split(/\s+/).length >= 8)
        .map((line) => `Is it true that ${line}`),
    ];

    it('greets by first name', () => {
      expect(ask(leia, 'Hello!')).toMatch(new RegExp(`^Hi, I'm ${firstName}\\.`));
    });

    it('answers every question, deterministically, without the solution verbatim', () => {
      for (const question of questions) {
        const reply = ask(leia, question);
        expect(reply.trim()).not.toBe('');
        expect(ask(leia, question)).toBe(reply);
        expect(longestSharedRun(reply, solution), `reply to "${question}": ${reply}`).toBeLessThan(8);
      }
    });

    it('stays in character: never the exercise, never itself in the third person', () => {
      const pronouns = ['subjectPronoum', 'objectPronoum', 'possesiveAdjective', 'possesivePronoum']
        .map((key) => specText(leia.persona.spec, key))
        .filter((pronoun) => pronoun && pronoun !== 'they' && pronoun !== 'them' && pronoun !== 'their');
      const replies = [
        ...questions.map((question) => ask(leia, question)),
        ...interview.filter((turn) => turn.isLeia).map((turn) => turn.text),
      ];
      for (const reply of replies) {
        expect(reply).not.toMatch(/analyst|student's task|\btask is\b|trains students|the player|exercise/i);
        expect(reply).not.toMatch(/People would describe me/);
        // The first name only where the persona says it: "Hi, I'm Sam.", "My name is Sam Lindqvist."
        const named = reply.replace(new RegExp(`(I'm|is) ${firstName}\\b`, 'g'), '');
        expect(named, reply).not.toMatch(new RegExp(`\\b${firstName}\\b`));
        for (const pronoun of pronouns) expect(reply, reply).not.toMatch(new RegExp(`\\b${pronoun}\\b`, 'i'));
      }
    });

    it('gives another reply on Regenerate, the same one for the same attempt, or says it has none', () => {
      for (const question of questions) {
        const history: ChatTurn[] = [{ role: 'user', content: question }];
        const first = simulateReply(leia, history);
        const second = simulateReply(leia, history, first);
        const third = simulateReply(leia, history, second);
        expect(second, question).not.toBe(first);
        expect(third, question).not.toBe(second);
        expect(simulateReply(leia, history, first)).toBe(second);
        expect(longestSharedRun(second, solution)).toBeLessThan(8);
      }
    });

    it('generates a valid transcription that never says the solution verbatim', () => {
      const result = validateTranscription(
        interview.map((turn) => ({ ...turn, timestamp: '2024-01-01T09:00:00Z' })),
      );
      expect(result.ok).toBe(true);
      expect(interview[0]?.isLeia).toBe(false);
      for (const turn of interview.filter((candidate) => candidate.isLeia)) {
        expect(longestSharedRun(turn.text, solution)).toBeLessThan(8);
      }
    });
  });
});
