/** Small number wording shared by the report and the leak check views. */

export const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

export const plural = (count: number, word: string, words = `${word}s`) =>
  `${count} ${count === 1 ? word : words}`;

/** 6.4 stays 6.4, 6 stays 6: the score as the server rounded it. */
export const points = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
