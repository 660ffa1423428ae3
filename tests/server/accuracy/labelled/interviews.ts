/**
 * Questions a student asks in the starter catalogue's interviews, each aimed at one fact of the
 * problem, labelled by hand with the words of that fact a right answer must carry (as the problem
 * states it; the persona may say the rest in its own voice). Each is asked in a fresh interview.
 * Many use words the problem does not: synonyms, other word forms, a case described instead of named.
 */

export interface InterviewQuestion {
  leia: string;
  ask: string;
  /** What the reply must contain (case ignored). */
  says: string;
}

const CLINIC = 'Clinic appointment reminders interview';
const BAKERY = 'Bakery order process interview';
const LIBRARY = 'Library room booking interview';

const at = (leia: string, pairs: [ask: string, says: string][]): InterviewQuestion[] =>
  pairs.map(([ask, says]) => ({ leia, ask, says }));

export const INTERVIEW_QUESTIONS: readonly InterviewQuestion[] = [
  ...at(CLINIC, [
    ['When should the first reminder be sent?', 'two days before the appointment'],
    ['Is there a second reminder?', 'again on the morning of the appointment'],
    ['Are there times when no messages should be sent?', 'never between 9 pm and 8 am'],
    ['Can messages go out late at night?', 'never between 9 pm and 8 am'],
    ['What can patients do when they get a reminder?', 'to confirm, to cancel, or to ask for a call back'],
    ['How quickly must a cancelled appointment be released?', 'within fifteen minutes'],
    ['What happens to a slot after a cancellation?', 'offer it to someone on the waiting list'],
    ['How many patients have a mobile phone number?', '85% of patients have a mobile number'],
    ['What about patients without a mobile phone?', 'some only have a landline'],
    [
      'Can the reminder say what the appointment is for?',
      'only the date, the time, the clinician and the clinic',
    ],
    ['What information should a reminder contain?', 'only the date, the time, the clinician and the clinic'],
    ['Can patients stop receiving reminders?', 'opt out of reminders altogether'],
    ['Does opting out of texts also stop the emails?', 'the opt-out applies to every channel'],
    ['Who gets the reminder when the patient is a child?', 'the parent or guardian on file'],
    ['What does reception need each morning?', 'who confirmed, who cancelled and who did not answer'],
    ['Who will look after the system day to day?', 'no IT staff'],
    ['Can the service keep copies of medical records?', 'copies medical notes outside the practice system'],
    ['Where are the appointments kept?', 'practice management system'],
    ['Can your practice system export data?', "export the next days' appointments as a file every evening"],
    ['How many appointments are missed?', 'one appointment in eight'],
    ['How big is the clinic?', 'six doctors, four nurses'],
    ['How are patients reminded today?', 'phone patients the day before'],
  ]),
  ...at(BAKERY, [
    ['How do customers place their orders?', 'by phone, by WhatsApp or by email'],
    ['Do some customers get the same order every week?', 'standing orders that repeat every week'],
    ['Who copies the standing orders forward?', 'copies those forward every Monday'],
    ['What is the deadline for ordering?', 'The cut-off is 2 pm'],
    ['What if an order comes in late in the afternoon?', 'accepted for the next morning only if'],
    ['Where are orders recorded?', 'types every order into a shared spreadsheet'],
    ['What do you do with customers who are behind on their payments?', 'switched to cash on delivery'],
    ['What happens to customers who pay late?', 'switched to cash on delivery'],
    ['When does the baking happen?', 'bakes from 11 pm to 5 am'],
    ['What hours does the night shift work?', 'bakes from 11 pm to 5 am'],
    ['When are orders closed for the day?', 'At 3 pm the spreadsheet is locked'],
    ['How does the head baker know how much to make?', 'prints a production sheet'],
    ['What do the packers do?', "fill each customer's labelled crates"],
    ["What happens if there isn't enough of a product?", 'who gets less'],
    ['Who gets less when stock is short?', 'usually the newest customers'],
    ['How are deliveries made?', 'Two drivers deliver on fixed routes'],
    ['How do cash customers pay?', 'collect payment from cash-on-delivery customers'],
    ['What happens to damaged goods?', 'written on the note and brought back'],
    ['When are customers invoiced?', 'Every Friday the bookkeeper invoices each customer'],
    ['Who sends the bills?', 'the bookkeeper invoices'],
    ['How many customers do you supply?', 'about forty cafés, hotels and shops'],
  ]),
  ...at(LIBRARY, [
    ['How many rooms can be booked?', 'four study rooms'],
    ['How big is the community hall?', 'one community hall that seats 60'],
    ['Who is allowed to reserve a study room?', 'Any registered member can book a study room'],
    ['How do you identify a member?', 'identified by a library card number'],
    ['Who can book the hall?', 'Only community groups registered with the library can book the hall'],
    ['Who is responsible for a hall booking?', 'the group, not the person who calls, is responsible'],
    ['Can a member be in more than one group?', 'members can belong to several groups'],
    ['How long can a member keep a study room each day?', 'at most 3 hours a day'],
    ['How far in advance can people book?', 'at most 14 days ahead'],
    ['For how long can the hall be booked?', 'up to a whole day'],
    ['Is a study room booking confirmed straight away?', 'confirmed at once'],
    ['Does someone have to approve hall bookings?', 'until a librarian approves or rejects it'],
    ['What equipment can groups ask for?', 'the projector, the microphones'],
    ['Until when can a booking be cancelled?', 'cancelled up to 2 hours before they start'],
    ["What happens when someone doesn't turn up?", 'counts as a no-show'],
    ['Is there a penalty for repeated no-shows?', "suspend a member's booking rights for 30 days"],
    ['What happens when a room is closed for repairs?', 'closed for maintenance'],
    ['What does a booking record?', 'one room on one date, with a start and an end time'],
    ['What do staff need every morning?', "a list of each day's bookings per room"],
    ['How are rooms booked today?', 'paper diary at the front desk'],
    ['What goes wrong with the way rooms are booked now?', 'double bookings cause an argument'],
  ]),
];
