/**
 * One question and one reply each, from conversations with the starter catalogue's LEIAs (any
 * model could have said these), labelled by hand with the solution elements the reply reveals:
 * what a student could write down from what the reply states, read with the question it answers.
 * A question back, a list of topics offered, a refusal or a denial reveals nothing, and neither do
 * the student's own words unless the reply agrees with them; a paraphrase or a value said another
 * way (48 hours for two days, 9 pm for 21:00) reveals as much as the solution's own words, and a
 * part of an element is not the element. An element is named by its label or a unique part of it.
 */

export interface RevealSnippet {
  leia: string;
  ask: string;
  reply: string;
  reveals: readonly string[];
}

const CLINIC = 'Clinic appointment reminders interview';
const BAKERY = 'Bakery order process interview';
const LIBRARY = 'Library room booking interview';
const STAPLER = 'Mystery object game with Sam';
const PENGUIN = 'Mystery animal game with Sam';

const at = (leia: string, rows: [ask: string, reply: string, ...reveals: string[]][]): RevealSnippet[] =>
  rows.map(([ask, reply, ...reveals]) => ({ leia, ask, reply, reveals }));

export const REVEAL_SNIPPETS: readonly RevealSnippet[] = [
  ...at(CLINIC, [
    [
      'When should the first reminder go out?',
      'Two days before the appointment, so people have time to rearrange.',
      'FR2]',
    ],
    ['How early is the first reminder?', '48 hours before the appointment.', 'FR2]'],
    ['Is there a second reminder?', 'Yes, a second one on the morning of the appointment itself.', 'FR3]'],
    [
      'Anything on the day itself?',
      'Another reminder goes out that morning, a few hours before the appointment.',
      'FR3]',
    ],
    [
      'Are there times you would not want messages sent?',
      'Nothing after nine in the evening or before eight in the morning.',
      'C2]',
    ],
    ['Can reminders be sent at night?', 'Never between 9 pm and 8 am; people are asleep.', 'C2]'],
    ['When may messages be sent?', 'Only between 8 am and 9 pm, never outside those hours.', 'C2]'],
    [
      'How fast must a cancellation reach the appointment book?',
      'Within a quarter of an hour, so reception can offer the slot to someone else.',
      'FR6]',
      'actors[2]',
    ],
    [
      'How quickly should the system mark a cancelled appointment?',
      'It has to be marked as cancelled in our practice system within fifteen minutes.',
      'FR6]',
      'actors[3]',
    ],
    [
      'Who gets the reminder for a child?',
      'For patients under sixteen it goes to their mum, dad or guardian.',
      'FR8]',
      'actors[1]',
      'actors[0]',
    ],
    [
      'What about patients under 16?',
      'Their parent or guardian gets the reminders instead of them.',
      'FR8]',
      'actors[1]',
    ],
    [
      'How do you contact patients?',
      'A text to their mobile if we have one, otherwise an email, and for the few with only a landline an automated phone call.',
      'FR4]',
    ],
    ['What if a patient has no mobile?', 'Then we email them.'],
    [
      'What can a patient do with the reminder?',
      'They can reply to confirm, to cancel, or to ask us to call them back to rebook.',
      'FR5]',
    ],
    [
      'Can patients answer the message?',
      'Yes, they can confirm or cancel by replying, or ask for a call back if they need a new time.',
      'FR5]',
      'actors[0]',
    ],
    [
      'What happens with call-back requests?',
      "They go onto the receptionists' call list for the day.",
      'FR7]',
      'actors[2]',
    ],
    [
      'Can people stop the reminders?',
      'Yes, anyone can opt out, and then they get no reminders at all, by text, email or phone.',
      'FR9]',
    ],
    [
      'What does reception need each morning?',
      'A report of who confirmed, who cancelled and who never answered.',
      'FR10]',
    ],
    [
      'What should the message say?',
      'Only the date, the time, the clinician and the clinic; never what the appointment is for.',
      'C1]',
    ],
    [
      'Can the message say it is a mental health appointment?',
      'No, a message must never name the type of appointment, only the date, the time, the clinician and the clinic.',
      'C1]',
    ],
    [
      'Where do the appointments come from?',
      "Every evening the service should import the next days' appointments from our practice management system.",
      'FR1]',
      'actors[3]',
    ],
    [
      'Can medical notes be copied into the new service?',
      'No, clinical notes must stay in the practice management system and nowhere else.',
      'C3]',
      'actors[3]',
    ],
    [
      'Which functions of your system can it use?',
      'Only the export and the cancellation functions the practice management system already has.',
      'C4]',
      'actors[3]',
    ],
    [
      'Who will keep it running?',
      'Nobody; we have no IT staff, so it must run unattended and email reception if something fails.',
      'Q1]',
      'actors[2]',
    ],
    [
      'How should messages be written?',
      'Short and easy to read for patients with low literacy.',
      'Q2]',
      'actors[0]',
    ],
    ['Who is involved?', 'The patients, of course, and the receptionists.', 'actors[0]', 'actors[2]'],
    ['What are you building?', 'An automatic appointment reminder service.', 'system:'],
    ['So the first reminder goes two days before each appointment?', 'Yes, exactly.', 'FR2]'],
    ['And nothing is sent between 21:00 and 08:00?', 'Correct, nothing at night.', 'C2]'],
    // Nothing revealed: deflections, questions back, refusals, denials, the student's own words.
    [
      'What do you think about the weather?',
      "I'm not sure I can answer that. Could you ask me something narrower, for example about appointment, reminder or patients?",
    ],
    [
      'Tell me everything.',
      "That's not something I deal with, I'm afraid. I can tell you about reminders, appointments or patients.",
    ],
    [
      'Should the first reminder go two days before?',
      'Two days before? I would have to check with the director.',
    ],
    ['Do you send reminders at 10 pm?', 'Why do you ask about the evening?'],
    [
      'What is the solution?',
      "I can't give you the full list of requirements; ask me how things work today.",
    ],
    ['Is it a reminder service for patients?', 'What would you like to know about it?'],
    ['Should it send a reminder a week before?', 'No, a week is too early; people forget.'],
    ['Do you want reminders between 9 and 5?', "I'm not sure what you mean by that."],
    [
      'Send a first reminder two days before each appointment, right?',
      'Hmm, let me think about how we do it now.',
    ],
    ['Are messages blocked between 21:00 and 08:00?', 'No.'],
    [
      'Does the service mark cancellations in the practice system?',
      "That's something for the director to decide.",
    ],
    [
      'What about privacy?',
      'Privacy matters a lot to me; I have seen vendors promise more than they delivered.',
    ],
    [
      'What happens when someone cancels?',
      'The slot should be freed quickly so someone on the waiting list can have it.',
    ],
    ['Do you need a report?', 'Yes, reception needs something every morning.', 'actors[2]'],
    ['Can a parent get reminders?', "I'm afraid I can't say more about that now."],
    ['Is low literacy a concern?', 'Could you say what you mean by literacy?'],
    [
      'What do you do all day?',
      "I'm the nurse manager; I look after the appointment book and the nursing rota.",
    ],
    ['How many no-shows do you have?', 'About one appointment in eight is wasted because nobody turns up.'],
    [
      'What channels do people use?',
      'Most have a mobile number, some only a landline, a few only an email address.',
    ],
    ['What do you want me to ask about?', 'You could ask me about reminders, opt-outs or the morning list.'],
    ['Tell me the requirements word for word.', "I won't read you a list; ask me how the clinic works."],
    ['When do the receptionists call?', 'Whenever they find a minute, usually the day before.'],
  ]),
  ...at(BAKERY, [
    [
      'How do customers order?',
      'They phone, send a WhatsApp or email, and the office assistant takes it down.',
      'Receive order',
    ],
    [
      'Do customers order the same every week?',
      'About a third have standing orders, and every Monday they are copied forward for the week.',
      'Standing orders',
    ],
    [
      'What is the cut-off?',
      'The office assistant checks the time: anything before two in the afternoon is for tomorrow.',
      'Check cut-off',
    ],
    [
      'What about late orders?',
      'After 2 pm the operations manager decides: accept it for tomorrow or move it to the day after and tell the customer.',
      'After 2 pm',
    ],
    [
      'What if a customer does not pay?',
      'The office assistant checks the account: anyone more than thirty days overdue is marked cash on delivery.',
      'Check account',
    ],
    ['Where are orders written down?', 'Every order is recorded in one shared spreadsheet.', 'Record order'],
    ['When do you stop taking changes?', 'At three in the afternoon the orders are locked.', 'Lock orders'],
    ['When are orders locked?', 'At 15:00.', 'Lock orders'],
    [
      'How does the head baker plan?',
      'He prints a production sheet with the total of each product across all the orders.',
      'Print production',
    ],
    [
      'When is the bread baked?',
      'The night bakers work from eleven at night to five in the morning.',
      'Bake (',
    ],
    ["What are the night bakers' hours?", '23:00 to 05:00.', 'Bake ('],
    [
      'What do the packers do?',
      'From five in the morning they fill labelled crates for each customer, checking against the printed delivery note.',
      'Pack (',
    ],
    [
      'How are deliveries done?',
      'The drivers leave at six on fixed routes, collect payment from the cash-on-delivery customers and the customer signs the delivery note.',
      'Deliver (',
    ],
    [
      'When are customers invoiced?',
      'Every Friday the bookkeeper sends each customer one invoice for the week, from the signed notes.',
      'Invoice (',
    ],
    [
      'What if there is not enough bread for everyone?',
      'When a product is short at packing, the packers call the operations manager, who decides whose order is reduced, newest customers first, and phones them before the vans leave.',
      'Short product',
      'packers call',
      'who decides',
    ],
    [
      'What happens to damaged items?',
      'The driver writes damaged or refused items on the delivery note, brings them back, and they are deducted at invoicing.',
      'Damaged',
    ],
    [
      'Who is involved in the process?',
      'The customer, the office assistant, the operations manager, the head baker, the night bakers, the packers, the drivers and the bookkeeper.',
      'Participants',
    ],
    ['So orders are locked at 3 pm?', 'Yes.', 'Lock orders'],
    [
      'Are customers invoiced on Fridays?',
      'Yes, every Friday the bookkeeper does one invoice per customer for the week from the signed notes.',
      'Invoice (',
    ],
    [
      'Is anything written on the delivery note?',
      'Damaged or refused items are written on it by the driver, brought back and deducted at invoicing.',
      'Damaged',
    ],
    // Nothing revealed.
    [
      'What is the weather like?',
      "I'm not sure I can answer that. Could you ask me something narrower, for example about delivery, customers or note?",
    ],
    ['Is the cut-off at 2 pm?', 'Why, would you like it later?'],
    ['Do you lock the orders at 3 pm?', "I'd have to check on that, I'm afraid."],
    ['Do the drivers start at 7?', 'No, earlier than that.'],
    ['Are orders locked at noon?', 'No, later, in the afternoon.'],
    ['Do you invoice every Monday?', 'No, not on Mondays.'],
    ['Tell me about the bakery.', 'We supply bread and pastries to about forty cafés, hotels and shops.'],
    ['What do you bake?', 'Bread and pastries, mostly; I am proud of the bread.'],
    ['What do the packers use?', 'Crates.'],
    ['When do the drivers leave?', 'At six.'],
    [
      'Give me the whole process.',
      "That's a lot to tell at once. Ask me about one step, for example orders, packing or delivery.",
    ],
    ['Who checks the accounts?', 'The office assistant.'],
    ['Do you use a spreadsheet?', 'We do, though I prefer the phone.'],
    ['Is there a production sheet?', 'The head baker deals with that.'],
    ['When do you bake?', 'At night, like every bakery.'],
    ['Are invoices sent weekly?', 'Could you ask me something narrower?'],
    ['Do standing orders repeat every week?', "I'm not sure I can answer that."],
    ['What happens on Fridays?', 'The bookkeeper comes in.'],
    ['What time do you start?', 'Most days at half past four, next to the packing tables.'],
    ['How do you deal with overdue accounts?', 'I would rather not talk about money today.'],
    ['Who gets less when you are short?', 'Usually the newest customers.'],
    ['Should customers be able to order online?', 'Online? What would that change for us?'],
  ]),
  ...at(LIBRARY, [
    [
      'What do you need to know about members?',
      'Their library card number, their name, their email address and sometimes a phone number.',
      'Member.cardNumber',
      'Member.name',
      'Member.email',
      'Member.phone',
    ],
    ['How is a member identified?', 'By the number on their library card.', 'Member.cardNumber'],
    [
      'What rooms are there?',
      'Four study rooms, two for four people and two for eight, and a community hall that seats sixty.',
      'Room',
      'StudyRoom',
      'Hall',
      'Room.capacity',
      'StudyRoom is a Room',
      'Hall is a Room',
    ],
    [
      'Does every room have a name?',
      'Yes, each room has its own name and a capacity.',
      'Room',
      'Room.name',
      'Room.capacity',
    ],
    [
      'Who can book the hall?',
      'Only community groups registered with the library can book the hall, and the group is responsible for the booking, not the person who calls.',
      'CommunityGroup',
      'Hall',
      'HallBooking',
      'Booking',
      'CommunityGroup "1" --> "0..*" HallBooking : responsible for',
    ],
    [
      'What do you record about a community group?',
      'Its name and a contact email.',
      'CommunityGroup.name',
      'CommunityGroup.contactEmail',
    ],
    [
      'Can members be in several groups?',
      'Yes, a member can belong to several groups.',
      'Member "0..*" -- "0..*" CommunityGroup : belongs to',
      'Member',
    ],
    [
      'What is in a booking?',
      'One room, one date, and a start and an end time inside opening hours.',
      'Room',
      'Booking.date',
      'Booking.startTime',
      'Booking.endTime',
      'Booking "0..*" --> "1" Room : for',
    ],
    [
      'Is a hall booking confirmed at once?',
      'No, it stays requested until a librarian approves or rejects it, and we record who approved it.',
      'HallBooking "0..*" --> "0..1" Librarian : approved by',
      'Librarian',
      'BookingStatus.requested',
      'BookingStatus.rejected',
    ],
    [
      'What equipment can be booked with the hall?',
      'The projector, the microphones, or a particular layout of chairs.',
      'HallBooking.equipment',
    ],
    [
      'Can bookings be cancelled?',
      'Yes, up to two hours before they start.',
      'BookingStatus.cancelled',
      'Booking',
    ],
    [
      'What if someone does not turn up?',
      'The booking counts as a no-show.',
      'BookingStatus.noShow',
      'Booking',
    ],
    [
      'What happens after repeated no-shows?',
      'Three no-shows within 90 days and the member is suspended from booking for thirty days.',
      'Member.suspendedUntil',
      'Member',
      'BookingStatus.noShow',
      'Booking',
    ],
    [
      'Are rooms ever closed?',
      'Sometimes, for maintenance, for a range of dates and with a reason.',
      'Room',
      'Closure',
      'Closure.fromDate',
      'Closure.toDate',
      'Closure.reason',
      'Room "1" --> "0..*" Closure : closed during',
    ],
    [
      'Who approves hall bookings?',
      'A librarian does, and we want to know which one.',
      'Librarian',
      'HallBooking "0..*" --> "0..1" Librarian : approved by',
    ],
    [
      'What does the library need to know about librarians?',
      'Just their name, so we can see who approved what.',
      'Librarian.name',
    ],
    [
      'Who makes bookings?',
      'Members do; each member can make many bookings.',
      'Member',
      'Booking',
      'Member "1" --> "0..*" Booking : makes',
    ],
    [
      'What statuses can a booking have?',
      'Requested, confirmed, rejected, cancelled or no-show.',
      'BookingStatus',
      'BookingStatus.requested',
      'BookingStatus.confirmed',
      'BookingStatus.rejected',
      'BookingStatus.cancelled',
      'BookingStatus.noShow',
      'Booking.status',
    ],
    ['What does a booking cost?', 'Nothing; bookings are free.', 'Booking'],
    ["Do you keep the member's email?", 'Yes, we do.', 'Member.email', 'Member'],
    [
      'How long can members book a study room?',
      'At most three hours a day, and no more than two weeks ahead.',
    ],
    // Nothing revealed.
    [
      "What's the weather like?",
      "I'm not sure I can answer that. Could you ask me something narrower, for example about rooms, booked or hall?",
    ],
    ['Do members have a card number?', 'What makes you ask?'],
    [
      'Tell me the whole class diagram.',
      "I don't know what a class diagram is. Ask me about the rooms or the bookings.",
    ],
    ['Do you track closures?', "I'd have to check on that."],
    ['Is there a librarian who approves?', 'Which one do you mean?'],
    ['Is the hall for groups only?', 'Let me think about how to put that.'],
    [
      'Give me all the attributes.',
      'I have no idea what an attribute is. Ask me about members, rooms or bookings.',
    ],
    ['Is the booking status stored?', "I'm not sure I can answer that."],
    ['Do you need the end time of a booking?', 'Why would you need that?'],
    ['Do closures have a reason?', 'No idea, really.'],
    ['Who is responsible for a hall booking?', 'Good question, I need to ask the council.'],
    ['Do librarians have a card number?', 'No, they use the staff system.'],
    ['Does a booking have a start time?', 'No.'],
    ['Is the phone number of a member required?', 'Could you ask me something narrower?'],
    ['What do you do outside work?', 'I sing in a choir and grow tomatoes.'],
  ]),
  ...at(STAPLER, [
    ['What is it made of?', 'Mostly metal and plastic.', 'made mostly of metal'],
    ['Does it fit in one hand?', 'Yes.', 'fits in one hand'],
    ['Can you hold it in one hand?', 'Yes, it fits in one hand.', 'fits in one hand'],
    ['Where is it used?', "It's used on a desk.", 'used on a desk'],
    ['Does it need electricity?', 'No, it works without electricity or batteries.', 'without electricity'],
    ['What colour is it?', 'Usually black, grey or red.', 'black, grey or red'],
    ['Is it expensive?', 'No, it costs less than twenty euros.', 'costs less than twenty'],
    ['Does it cost less than 20 euros?', 'Yes.', 'costs less than twenty'],
    ['Is it a stapler?', "Yes! It's a stapler. Well done, you got it with 5 questions!", 'A stapler'],
    ['Can I have a hint?', 'A small hint: it works without electricity or batteries.', 'without electricity'],
    // Nothing revealed.
    ['Is it made of metal?', 'Yes.'],
    ['Is it a pen?', "No, it isn't a pen."],
    [
      'Hi',
      "Hi, I'm Sam. I'm thinking of an everyday object found in most homes and offices. You have twenty questions to find out what it is, and every guess counts as one. Go ahead!",
    ],
    ['Is it red?', 'Sometimes.'],
    ['What does it do?', 'It joins sheets of paper.'],
    ['Does it need electricity?', 'No.'],
  ]),
  ...at(PENGUIN, [
    ['Can it fly?', 'No, it is a bird that cannot fly.', 'bird that cannot fly'],
    ['What does it eat?', 'Fish, krill and squid.', 'eats fish'],
    ['What colour is it?', 'Black and white.', 'black and white'],
    ['Does it lay eggs?', 'Yes, on land.', 'lays eggs'],
    ['How tall is it?', 'About as tall as a small child.', 'as tall as a small child'],
    ['Does it live alone?', 'No, in large colonies.', 'large colonies'],
    // Nothing revealed.
    ['Is it a mammal?', 'No.'],
    ['Does it live in the desert?', 'No, not at all.'],
    ['Is it a bird?', "Let's keep to the game: ask me a question about my secret."],
  ]),
];
