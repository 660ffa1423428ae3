import { fold, splitIdentifiers, stem, termSet, terms, wordSpans } from '@shared/evaluation/normalise';

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
});
