import { buildSystemPrompt, toChatTurns } from '@server/runner/prompt';
import { bakery, leakyWarehouse } from './fixtures';

describe('buildSystemPrompt', () => {
  it("is the resolved behaviour's description, as it is", () => {
    expect(buildSystemPrompt(bakery)).toBe((bakery.behaviour.spec as { description: string }).description);
  });

  it('is built from the persona and the problem when the behaviour has no description', () => {
    const prompt = buildSystemPrompt(leakyWarehouse);
    expect(prompt).toMatch(/^You are Bob Stone, a stakeholder being interviewed by a student\./);
    expect(prompt).toContain('Bob Stone manages a warehouse of spare parts.');
    expect(prompt).toContain('Your personality: Impatient and direct.');
    expect(prompt).toContain('The situation: Stock is counted by hand every month.');
    expect(prompt).toContain('What you know: The warehouse has three gates and twelve workers.');
    expect(prompt).toMatch(/must discover through good questions .*: Every pallet gets a barcode label/);
    expect(prompt).toMatch(/answer in the first person/);
    // The empty personaBackground leaves no blank section behind.
    expect(prompt).not.toMatch(/\n\n\n/);
  });
});

describe('toChatTurns', () => {
  it('maps stored messages to user and assistant turns, in order', () => {
    expect(
      toChatTurns([
        { isLeia: false, text: 'Hello' },
        { isLeia: true, text: "Hi, I'm Ana." },
      ]),
    ).toEqual([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: "Hi, I'm Ana." },
    ]);
  });
});
