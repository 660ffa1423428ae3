import type { LeiaPartKind } from './types';
import { isPlainObject } from './values';

/**
 * How large a resolved LEIA may grow, in characters of text (strings and keys). Placeholders copy
 * values, so a small problem can ask for a huge result ("{{persona.x}}" four hundred times over a
 * 500 KB field); generation stops as soon as the output passes this, before the work or the memory
 * is spent. Real LEIAs are a few kilobytes; a model's whole context is far below this.
 */
export const MAX_LEIA_CHARS = 2_000_000;

/** What substitution may still write; shared by the three parts of one generation. */
export interface SizeBudget {
  remaining: number;
}

/** Raised inside substitution; generateLeia turns it into an error naming the part. */
export class SizeLimitExceeded extends Error {
  constructor(readonly kind?: LeiaPartKind) {
    super('The resolved LEIA is too large');
  }
}

/** Charges `chars` to the budget, or throws once it is spent. */
export const charge = (budget: SizeBudget | undefined, chars: number): void => {
  if (!budget) return;
  budget.remaining -= chars;
  if (budget.remaining < 0) throw new SizeLimitExceeded();
};

/** Charges the text size of a JSON-like value, walking it only as far as the budget allows. */
export const chargeValue = (budget: SizeBudget | undefined, value: unknown): void => {
  if (!budget) return;
  if (typeof value === 'string') {
    charge(budget, value.length);
  } else if (Array.isArray(value)) {
    for (const item of value) chargeValue(budget, item);
  } else if (!isPlainObject(value)) {
    charge(budget, 1);
  } else {
    for (const [key, item] of Object.entries(value)) {
      charge(budget, key.length);
      chargeValue(budget, item);
    }
  }
};
