import { readSolution, solutionElements } from '@shared/evaluation/elements';

const labels = (solution: string, format: Parameters<typeof solutionElements>[1]) =>
  solutionElements(solution, format).map((element) => `${element.kind}: ${element.label}`);

describe('mermaid', () => {
  it('class diagrams: classes, attributes and relationships with multiplicities', () => {
    const solution = `classDiagram
      %% a comment
      class Venue
      class SeatingZone {
        +int seats
        +reserve(seat) bool
      }
      class Ticket["Entry ticket"]
      Ticket : +Date issuedOn
      <<abstract>> Venue
      Venue "1" *-- "1..*" SeatingZone : has
      SeatingZone <|-- VipZone
      Ticket --> SeatingZone`;
    expect(labels(solution, 'mermaid')).toEqual([
      'class: Venue',
      'class: SeatingZone',
      'class: Entry ticket',
      'class: VipZone',
      'attribute: SeatingZone.seats',
      'attribute: SeatingZone.reserve()',
      'attribute: Entry ticket.issuedOn',
      'relationship: Venue "1" *-- "1..*" SeatingZone : has',
      'relationship: VipZone is a SeatingZone',
      'relationship: Entry ticket --> SeatingZone',
    ]);
    const attribute = solutionElements(solution, 'mermaid').find((e) => e.label === 'SeatingZone.seats');
    expect(attribute).toMatchObject({ parent: 'SeatingZone', text: 'SeatingZone seats' });
  });

  it('ER diagrams read as class diagrams', () => {
    const solution =
      'erDiagram\n CUSTOMER ||--o{ ORDER : places\n CUSTOMER {\n  string name\n  string email PK\n }';
    expect(labels(solution, 'mermaid')).toEqual([
      'class: CUSTOMER',
      'class: ORDER',
      'attribute: CUSTOMER.name',
      'attribute: CUSTOMER.email',
      'relationship: CUSTOMER "1" -- "0..*" ORDER : places',
    ]);
  });

  it('flowcharts: nodes and edges, with shapes, labels, chains and &', () => {
    const solution = `flowchart LR
      A[Order received] -->|paid| B{Stock available?}
      B -- yes --> C((Ship order)) & D[Send invoice]
      B -.-> E[(Back order)] --> F>Notify customer]`;
    expect(labels(solution, 'mermaid')).toEqual([
      'node: Order received',
      'node: Stock available?',
      'node: Ship order',
      'node: Send invoice',
      'node: Back order',
      'node: Notify customer',
      'edge: Order received → Stock available? : paid',
      'edge: Stock available? → Ship order : yes',
      'edge: Stock available? → Send invoice : yes',
      'edge: Stock available? → Back order',
      'edge: Back order → Notify customer',
    ]);
  });

  it('state diagrams: states and transitions', () => {
    const solution =
      'stateDiagram-v2\n [*] --> Requested\n Requested --> Confirmed : approve\n Confirmed --> [*]';
    expect(labels(solution, 'mermaid')).toEqual([
      'node: Requested',
      'node: Confirmed',
      'edge: Requested → Confirmed : approve',
    ]);
  });

  it('sequence diagrams: participants and messages', () => {
    const solution = `sequenceDiagram
      participant C as Customer
      actor Clerk
      C->>Shop: place order
      Shop-->>C: order confirmation
      Clerk-)Shop: restock shelves`;
    expect(labels(solution, 'mermaid')).toEqual([
      'participant: Customer',
      'participant: Clerk',
      'participant: Shop',
      'message: Customer → Shop: place order',
      'message: Shop → Customer: order confirmation',
      'message: Clerk → Shop: restock shelves',
    ]);
  });

  it('other diagrams count line by line', () => {
    expect(labels('mindmap\n  root((Library))\n    Rooms\n    Members', 'mermaid')).toEqual([
      'sentence: root((Library))',
      'sentence: Rooms',
      'sentence: Members',
    ]);
  });
});

describe('yaml and json', () => {
  it('yaml: leaf paths with values; an id names its list item', () => {
    const solution = `system: Reminder service
actors: [patient, receptionist]
requirements:
  - id: FR1
    text: Send a reminder two days before.
limits:
  max_hours: 3
  enabled: true
  note: ~`;
    const elements = solutionElements(solution, 'yaml');
    expect(elements.map((e) => e.label)).toEqual([
      'system: Reminder service',
      'actors[0]: patient',
      'actors[1]: receptionist',
      'requirements[FR1].text: Send a reminder two days before.',
      'limits.max_hours: 3',
      'limits.enabled: true',
    ]);
    expect(elements.find((e) => e.label.startsWith('limits.max'))).toMatchObject({
      text: 'max hours 3',
      parent: 'limits',
    });
    expect(elements.find((e) => e.label.startsWith('requirements'))?.text).toBe(
      'Send a reminder two days before.',
    );
  });

  it('json: the same leaves', () => {
    expect(labels('{"rooms": [{"id": "R1", "name": "Hall", "capacity": 60}], "open": true}', 'json')).toEqual(
      ['entry: rooms[R1].name: Hall', 'entry: rooms[R1].capacity: 60', 'entry: open: true'],
    );
  });
});

describe('xml and html', () => {
  it('xml: element texts, with a naming attribute when there is no text', () => {
    const solution = `<?xml version="1.0"?>
<!-- rooms -->
<library>
  <room name="Hall"><capacity>60 seats</capacity></room>
  <rule><![CDATA[Bookings end at 9 pm.]]></rule>
  <broken>left open
</library>`;
    const elements = solutionElements(solution, 'xml');
    expect(elements.map((e) => [e.label, e.parent])).toEqual([
      ['60 seats', 'library/room/capacity'],
      ['Hall', 'library/room'],
      ['Bookings end at 9 pm.', 'library/rule'],
      ['left open', 'library/broken'],
    ]);
  });

  it('html: inline tags do not split text; script and style say nothing', () => {
    const solution =
      '<html><head><style>p{color:red}</style></head><body><h1>Rooms</h1><p>Members <b>book</b> rooms online. Staff approve hall bookings.</p><script>var secret = 1;</script><ul><li>At most 3 hours&nbsp;a day</li></ul></body></html>';
    expect(labels(solution, 'html')).toEqual([
      'text: Rooms',
      'text: Members book rooms online.',
      'text: Staff approve hall bookings.',
      'text: At most 3 hours a day',
    ]);
  });
});

describe('markdown and text', () => {
  it('markdown: list items and sentences, headings as parents, markup removed', () => {
    const solution = `# Process

**Participants:** customer, clerk.

1. **Receive order** (clerk): by phone.
   Standing orders are copied every Monday.
2. Check \`stock\` and [price](http://example.com).

## Exceptions
- Damaged items go back.

| step | who |
|------|-----|
| Pack | packers |`;
    const elements = solutionElements(solution, 'markdown');
    expect(elements.map((e) => `${e.kind}: ${e.label} (${e.parent})`)).toEqual([
      'sentence: Participants: customer, clerk. (Process)',
      'item: Receive order (clerk): by phone. (Process)',
      'item: Standing orders are copied every Monday. (Process)',
      'item: Check stock and price. (Process)',
      'item: Damaged items go back. (Exceptions)',
      'item: step; who (Exceptions)',
      'item: Pack; packers (Exceptions)',
    ]);
  });

  it('text: sentences, and the clauses of a long sentence', () => {
    const solution =
      'A stapler. It is made mostly of metal and plastic, fits in one hand, is used on a desk, joins sheets of paper with small metal staples, is usually black, grey or red, and costs less than twenty euros.';
    expect(labels(solution, 'text')).toEqual([
      'sentence: A stapler.',
      'sentence: It is made mostly of metal and plastic',
      'sentence: fits in one hand',
      'sentence: is used on a desk',
      'sentence: joins sheets of paper with small metal staples',
      'sentence: is usually black, grey or red',
      'sentence: and costs less than twenty euros.',
    ]);
  });
});

describe('malformed input', () => {
  it.each([
    ['{"rooms": [', 'json'],
    ['rooms: [unclosed\n  - : :', 'yaml'],
    ['classDiagram\n ??? ---', 'mermaid'],
    ['Not a diagram at all.\nJust two lines.', 'mermaid'],
  ] as const)('%s as %s falls back to sentences and says so', (solution, format) => {
    const read = readSolution(solution, format);
    expect(read.fallback).toBe(true);
    expect(read.elements.every((e) => e.kind === 'sentence')).toBe(true);
    expect(read.elements.length).toBeGreaterThan(0);
  });

  it('an empty solution has no elements', () => {
    expect(readSolution('', 'yaml')).toEqual({ elements: [], fallback: false, omitted: 0 });
    expect(readSolution('  \n ', 'text').elements).toEqual([]);
  });

  it('numbers elements e1, e2... and reads the same solution the same way', () => {
    const solution = '- one room\n- two halls\n- one room';
    const first = solutionElements(solution, 'markdown');
    expect(first.map((e) => e.id)).toEqual(['e1', 'e2']);
    expect(solutionElements(solution, 'markdown')).toEqual(first);
  });
});
