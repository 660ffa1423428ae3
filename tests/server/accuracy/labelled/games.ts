/**
 * Questions a player asks in the starter catalogue's guessing games, each asked in a fresh round,
 * labelled by hand from the secret as a person knows it (not from the simulator's answers):
 * yes/no questions with the true answer, and guesses with their judgement. Questions whose honest
 * answer is "it depends" or "sometimes" are left out: a label must be one a person would not argue.
 */

export type GameLabel = 'yes' | 'no' | 'right' | 'wrong' | 'close';

export interface GameQuestion {
  leia: string;
  ask: string;
  label: GameLabel;
}

const STAPLER = 'Mystery object game with Sam';
const STAPLER_HIROSHI = 'Mystery object game with Hiroshi';
const PENGUIN = 'Mystery animal game with Sam';
const BEACH = 'Mystery place game with Hiroshi';
const PIZZA = 'Mystery food game with Nadia';
const WASHER = 'Mystery machine game with Nadia';

const of = (leia: string, label: GameLabel, ...asks: string[]): GameQuestion[] =>
  asks.map((ask) => ({ leia, ask, label }));

export const GAME_QUESTIONS: readonly GameQuestion[] = [
  // A stapler: metal and plastic, fits in one hand, used on a desk, joins sheets of paper with
  // staples, no electricity, usually black, grey or red, under twenty euros.
  ...of(
    STAPLER,
    'yes',
    'Is it used to join papers together?',
    'Does it fasten sheets of paper?',
    'Is it partly plastic?',
    'Is it small enough to hold in one hand?',
    'Does it need no power?',
    'Is it a piece of office equipment?',
    'Is it found in offices?',
    'Is it made of metal?',
    'Can you hold it in one hand?',
    'Is it used on a desk?',
    'Does it work without electricity?',
    'Is it a device?',
    'Is it used with paper?',
    'Does it cost less than 50 euros?',
    'Is it found in homes?',
    'Is it man-made?',
  ),
  ...of(
    STAPLER_HIROSHI,
    'no',
    'Is it alive?',
    'Is it an animal?',
    'Is it bigger than a bread box?',
    'Does it use batteries?',
    'Is it made of wood?',
    'Is it found in kitchens?',
    'Does it need electricity?',
    'Is it a toy?',
    'Is it made of glass?',
    'Is it used for writing?',
    'Can you eat it?',
    'Does it cost more than 50 euros?',
    'Is it used outdoors?',
    'Is it a vehicle?',
    'Is it used for cutting?',
    'Is it electronic?',
    'Is it worn on the body?',
  ),
  // A penguin: a bird that cannot fly, swims, cold southern seas and Antarctic ice, fish, krill
  // and squid, black and white, walks upright, colonies, lays eggs, as tall as a small child.
  ...of(
    PENGUIN,
    'yes',
    'Is it an animal?',
    'Is it a bird?',
    'Is it alive?',
    'Can it swim?',
    'Does it live in cold places?',
    'Does it eat fish?',
    'Is it black and white?',
    'Does it lay eggs?',
    'Does it have feathers?',
    'Does it have wings?',
    'Does it live in the Antarctic?',
    'Does it live near the sea?',
    'Is it a vertebrate?',
    'Does it live in groups?',
    'Does it walk upright?',
    'Is it a seabird?',
    'Is it warm-blooded?',
    'Does it have a beak?',
  ),
  ...of(
    PENGUIN,
    'no',
    'Can it fly?',
    'Is it a mammal?',
    'Is it a pet?',
    'Does it live in the desert?',
    'Is it a reptile?',
    'Is it an insect?',
    'Is it bigger than a horse?',
    'Does it eat grass?',
    'Does it have fur?',
    'Does it live in trees?',
    'Is it green?',
    'Is it a fish?',
    'Does it have four legs?',
    'Is it a farm animal?',
  ),
  // A beach: outdoors, along the sea or a lake, sand or pebbles, waves and shells, busiest in
  // summer, people swim, sunbathe and build sandcastles, usually free, not a building.
  ...of(
    BEACH,
    'yes',
    'Is it a place?',
    'Is it outdoors?',
    'Is it outside?',
    'Is it near water?',
    'Do people swim there?',
    'Can you swim there?',
    'Do people go there in summer?',
    'Do people visit it in summer?',
    'Can you build sandcastles there?',
    'Is it usually free to visit?',
    'Are there waves?',
    'Do people sunbathe there?',
    'Is it popular in summer?',
    'Can you find shells there?',
    'Is it on the coast?',
  ),
  ...of(
    BEACH,
    'no',
    'Is it a building?',
    'Is it indoors?',
    'Is it a city?',
    'Is it in the mountains?',
    'Do you need a ticket to get in?',
    'Is it a shop?',
    'Is it underground?',
    'Is it a school?',
    'Is it busiest in winter?',
    'Is it made of concrete?',
    'Is it a forest?',
    'Is there snow there?',
  ),
  // A pizza: flat round bread baked in a very hot oven, tomato sauce and cheese, from Italy,
  // savoury, eaten hot, cut into slices, sold by takeaways, eaten with the hands.
  ...of(
    PIZZA,
    'yes',
    'Is it food?',
    'Is it Italian?',
    'Does it have cheese on it?',
    'Is it baked?',
    'Is it eaten hot?',
    'Is it savoury?',
    'Does it contain tomato?',
    'Is it cut into slices?',
    'Can you eat it with your hands?',
    'Is it round?',
    'Is it flat?',
    'Is it a dish?',
    'Can you get it from a takeaway?',
    'Is it made with dough?',
    'Is it cooked in an oven?',
    'Does it come from Italy?',
  ),
  ...of(
    PIZZA,
    'no',
    'Is it sweet?',
    'Is it a fruit?',
    'Is it a vegetable?',
    'Is it a dessert?',
    'Is it a drink?',
    'Is it eaten cold?',
    'Does it come from China?',
    'Is it a soup?',
    'Is it raw?',
    'Is it an animal?',
    'Is it alive?',
    'Is it made of chocolate?',
  ),
  // A washing machine: a large electrical appliance on mains power, washes clothes and towels with
  // water and detergent, kitchen, bathroom or utility room, round door with a window, spins,
  // too heavy for one person, more than two hundred euros.
  ...of(
    WASHER,
    'yes',
    'Is it a machine?',
    'Does it need electricity?',
    'Is it an appliance?',
    'Does it use water?',
    'Is it used for cleaning?',
    'Is it found in homes?',
    'Is it heavy?',
    'Is it big?',
    'Does it have a door?',
    'Is it used for clothes?',
    'Does it spin?',
    'Can it be found in a kitchen?',
    'Does it cost more than 100 euros?',
    'Does it have a window?',
    'Is it electric?',
    'Is it a household appliance?',
    'Does it use detergent?',
  ),
  ...of(
    WASHER,
    'no',
    'Is it small?',
    'Is it used for cooking?',
    'Is it a vehicle?',
    'Does it run on batteries?',
    'Is it cheap?',
    'Does it cost less than 50 euros?',
    'Is it kept in the bedroom?',
    'Is it made of wood?',
    'Is it used outdoors?',
    'Does it make food cold?',
    'Is it used for washing dishes?',
    'Is it portable?',
    'Is it alive?',
  ),

  // Guesses, in the ways players make them.
  ...of(
    STAPLER,
    'right',
    'Is it a stapler?',
    'Stapler?',
    'My final answer is a stapler.',
    "I think it's a stapler.",
    'Is it a stapling machine?',
  ),
  ...of(
    STAPLER,
    'wrong',
    'Is it a hole punch?',
    'Is it a paper clip?',
    'Is it a pen?',
    'My guess is a pencil sharpener.',
    'Tape dispenser?',
  ),
  ...of(STAPLER, 'close', 'Is it an electric stapler?'),
  ...of(
    PENGUIN,
    'right',
    'Is it a penguin?',
    'Penguin!',
    "I think it's a penguin.",
    'Could it be a penguin?',
    'My final answer is penguin.',
  ),
  ...of(
    PENGUIN,
    'wrong',
    'Is it a puffin?',
    'Is it a seal?',
    'Is it an ostrich?',
    "I guess it's a polar bear.",
    'Is it a duck?',
  ),
  ...of(PENGUIN, 'close', 'Is it an emperor penguin?'),
  ...of(BEACH, 'right', 'Is it a beach?', 'Beach?', "I think it's the beach.", 'My final answer is a beach.'),
  ...of(
    BEACH,
    'wrong',
    'Is it a swimming pool?',
    'Is it a park?',
    'Is it a desert?',
    'My guess is a harbour.',
    'Is it a lake?',
  ),
  ...of(
    PIZZA,
    'right',
    'Is it pizza?',
    'Is it a pizza?',
    'Pizza?',
    "I think it's a pizza.",
    'My final answer is pizza.',
  ),
  ...of(
    PIZZA,
    'wrong',
    'Is it lasagne?',
    'Is it a burger?',
    'Is it spaghetti?',
    'Is it a calzone?',
    'Is it a sandwich?',
  ),
  ...of(
    WASHER,
    'right',
    'Is it a washing machine?',
    'Washing machine?',
    "I think it's a washing machine.",
    'Is it a washer?',
    'My final answer is the washing machine.',
  ),
  ...of(
    WASHER,
    'wrong',
    'Is it a dishwasher?',
    'Is it a tumble dryer?',
    'Is it a fridge?',
    'Is it a vacuum cleaner?',
    'Is it a microwave?',
    'Is it a toaster?',
  ),
];

/**
 * A second game set, held out: written from the game secrets as a player knows them, with many
 * category questions ("Is it furniture?", "Is it a container?"), before the simulator was changed
 * for it, and never tuned on. A category question is yes only when the secret is a kind of that
 * category, not when it is used with or on one.
 */
export const HELD_OUT_GAME_QUESTIONS: readonly GameQuestion[] = [
  ...of(
    STAPLER,
    'yes',
    'Is it an office supply?',
    'Is it something you would find on a desk?',
    'Is it a piece of stationery?',
    'Is it manufactured?',
    'Does it have metal parts?',
  ),
  ...of(
    STAPLER,
    'no',
    'Is it furniture?',
    'Is it a piece of furniture?',
    'Is it a container?',
    'Is it a weapon?',
    'Is it clothing?',
    'Is it a musical instrument?',
    'Is it a kitchen utensil?',
    'Is it a plant?',
    'Is it bigger than a chair?',
  ),
  ...of(PENGUIN, 'yes', 'Is it a kind of bird?', 'Does it live by the ocean?'),
  ...of(PENGUIN, 'no', 'Is it an amphibian?', 'Is it a rodent?', 'Is it a tool?', 'Is it furniture?'),
  ...of(BEACH, 'yes', 'Is it a natural place?', 'Is there sand?'),
  ...of(BEACH, 'no', 'Is it a body of water?', 'Is it a shop?', 'Is it a room?', 'Is it furniture?'),
  ...of(PIZZA, 'yes', 'Is it a kind of bread?', 'Is it usually eaten warm?'),
  ...of(PIZZA, 'no', 'Is it a container?', 'Is it a meat?', 'Is it a cake?', 'Is it a weapon?'),
  ...of(WASHER, 'yes', 'Is it a device?', 'Is it a home appliance?', 'Is it electrical equipment?'),
  ...of(WASHER, 'no', 'Is it a hand tool?', 'Is it furniture?', 'Is it a weapon?', 'Is it a toy?'),
  ...of(STAPLER, 'wrong', 'Is it a staple remover?'),
  ...of(PIZZA, 'wrong', 'Is it a bread roll?'),
  ...of(WASHER, 'wrong', 'Is it a dryer?'),
];

/**
 * A fifth game set, held out: category questions written and labelled before the change for the
 * second set's category misses (office supply, ocean, electrical equipment, natural place), to
 * check that the change holds beyond the questions it was made for.
 */
export const FIFTH_GAME_QUESTIONS: readonly GameQuestion[] = [
  ...of(STAPLER, 'yes', 'Is it a desk accessory?', 'Is it an office tool?'),
  ...of(STAPLER, 'no', 'Is it a kitchen appliance?'),
  ...of(PENGUIN, 'yes', 'Is it a flightless bird?', 'Is it a water bird?'),
  ...of(PENGUIN, 'no', 'Is it a domestic animal?'),
  ...of(BEACH, 'yes', 'Is it an outdoor place?'),
  ...of(BEACH, 'no', 'Is it an indoor place?'),
  ...of(PIZZA, 'yes', 'Is it fast food?'),
  ...of(PIZZA, 'no', 'Is it a pastry?'),
  ...of(WASHER, 'yes', 'Is it an electric appliance?'),
  ...of(WASHER, 'no', 'Is it a cooking appliance?'),
];
