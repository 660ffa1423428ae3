import { fold, splitIdentifiers, stem, termSet, terms, wordSpans, words } from '@shared/evaluation/normalise';
import fc from 'fast-check';

describe('normalisation for matching', () => {
  it('folds case and accents', () => {
    expect(fold('Gestión ÉLITE')).toBe('gestion elite');
    expect(terms('Gestión de Reservas')).toEqual(terms('gestion de reservas'));
  });

  it('splits camelCase, PascalCase, snake_case and kebab-case', () => {
    expect(splitIdentifiers('SeatingZone cardNumber HTTPServer card_number e-mail')).toBe(
      'Seating Zone card Number HTTP Server card number e mail',
    );
    for (const form of ['SeatingZone', 'seating_zone', 'seating-zone', 'Seating zones', 'SEATING ZONE']) {
      expect(terms(form), form).toEqual(terms('seating zone'));
    }
  });

  it('joins plural and verb forms, and number words with digits', () => {
    for (const [a, b] of [
      ['bookings', 'booking'],
      ['booked', 'books'],
      ['approves', 'approved'],
      ['categories', 'category'],
      ['classes', 'class'],
      ['reservas', 'reserva'],
    ]) {
      expect(stem(a), `${a} ~ ${b}`).toBe(stem(b));
    }
    expect(terms('at most three hours')).toEqual(terms('at most 3 hour'));
    expect(terms('a hall that seats sixty')).toEqual(terms('a hall that seats 60'));
    expect(terms('forty-eight cafés')).toEqual(terms('48 cafés'));
    expect(terms('twenty five euros')).toEqual(terms('25 euros'));
    expect(stem('status')).toBe('status');
  });

  it('drops function words and single letters', () => {
    expect(terms('The member of a group and the hall')).toEqual(['member', 'group', 'hall']);
    expect(termSet('a b c')).toEqual(new Set());
  });

  it('keeps verbatim words as written, with their positions', () => {
    const text = 'Un café, cardNumber!';
    const spans = wordSpans(text);
    expect(spans.map((span) => span.word)).toEqual(['un', 'cafe', 'cardnumber']);
    expect(spans.map((span) => text.slice(span.start, span.end))).toEqual(['Un', 'café', 'cardNumber']);
  });

  it("reads a text's words token by token as from the whole text, and folds ASCII as any text", () => {
    // The whole text at once, as words were read before each token's words were remembered.
    const fullFold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const whole = (text: string) => fullFold(splitIdentifiers(text)).match(/[\p{L}\p{N}]+/gu) ?? [];
    const pieces = ['Gestión', 'ÉLITE', 'cardNumber', 'HTTPServer', 'seat_zone', 'e-mail', 'x2y', 'İstanbul'];
    // Longer than the tokens kept: read each time.
    pieces.push(`${'LongIdentifierPart'.repeat(4)}Ñ2`);
    const text = fc
      .array(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 8 }),
          fc.constantFrom(...pieces, 'ΟΔΟΣ', "ΑΣ'Α", 'e\u0301'),
        ),
        {
          maxLength: 8,
        },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (one) => {
        expect(words(one)).toEqual(whole(one));
        expect(words(one)).toEqual(whole(one)); // remembered
        expect(fold(one)).toBe(fullFold(one));
      }),
      { numRuns: 2000 },
    );
  });
});
