/**
 * Hand-ins written by hand for the starter catalogue's problems, as students of different quality
 * would write them after their interview (the thorough one, the one who renamed everything, the
 * one who modelled a lending library, the one who pasted the LEIA's words...), each with the grade
 * band a fair instructor would give it, decided from the hand-in and the solution alone (a rubric
 * of the solution's elements: a wrong value or a misplaced attribute earns about half, a wrong
 * extra costs a little), before the grader was run on it. For some, the elements a person sees
 * present or missing, each named by its label or a unique part of it.
 */

export type Band = readonly [low: number, high: number];
export const BANDS = {
  poor: [0, 3],
  weak: [3, 6],
  good: [6, 8],
  excellent: [8, 10],
} as const satisfies Record<string, Band>;

export type ProblemFile =
  | 'library-room-booking'
  | 'clinic-appointment-reminders'
  | 'bakery-wholesale-orders'
  | 'mystery-animal-game'
  | 'mystery-object-game';

export interface LabelledHandIn {
  problem: ProblemFile;
  /** Who wrote it, in a few words. */
  student: string;
  band: keyof typeof BANDS;
  present?: readonly string[];
  missing?: readonly string[];
  handIn: string;
}

const LIBRARY = 'library-room-booking';
const CLINIC = 'clinic-appointment-reminders';
const BAKERY = 'bakery-wholesale-orders';

const library: LabelledHandIn[] = [
  {
    problem: LIBRARY,
    student: 'thorough, own conventions (visibility marks, upper-case enum values)',
    band: 'excellent',
    present: ['Member.suspendedUntil', 'BookingStatus.noShow', 'HallBooking is a Booking', ': approved by'],
    handIn: `classDiagram
  class Member {
    +String cardNumber
    +String name
    +String email
    +String phone
    +Date suspendedUntil
  }
  class CommunityGroup {
    +String name
    +String contactEmail
  }
  class Room {
    <<abstract>>
    +String name
    +int capacity
  }
  class StudyRoom
  class Hall
  class Booking {
    +Date date
    +Time startTime
    +Time endTime
    +BookingStatus status
  }
  class HallBooking {
    +String[] equipment
  }
  class Librarian {
    +String name
  }
  class Closure {
    +Date fromDate
    +Date toDate
    +String reason
  }
  class BookingStatus {
    <<enumeration>>
    REQUESTED
    CONFIRMED
    REJECTED
    CANCELLED
    NO_SHOW
  }
  Room <|-- StudyRoom
  Room <|-- Hall
  Booking <|-- HallBooking
  Member "1" --> "*" Booking : makes
  Booking "*" --> "1" Room : for
  Member "*" -- "*" CommunityGroup : member of
  CommunityGroup "1" --> "*" HallBooking : books
  HallBooking "*" --> "0..1" Librarian : approved by
  Room "1" -- "*" Closure : has`,
  },
  {
    problem: LIBRARY,
    student: 'good model, its own names (Reservation, LibraryMember), no closures',
    band: 'good',
    missing: ['Closure', 'Closure.reason', 'Member.suspendedUntil'],
    handIn: `classDiagram
  class LibraryMember {
    cardNo
    fullName
    email
    phoneNumber
  }
  class Group {
    groupName
    contactEmail
  }
  class Room {
    roomName
    capacity
  }
  class StudyRoom
  class CommunityHall
  class Reservation {
    day
    from
    to
    status
  }
  class HallReservation {
    equipmentNeeded
  }
  class Librarian
  LibraryMember "1" --> "0..*" Reservation
  Reservation "0..*" --> "1" Room
  Room <|-- StudyRoom
  Room <|-- CommunityHall
  Reservation <|-- HallReservation
  LibraryMember "*" -- "*" Group
  Group "1" --> "*" HallReservation
  Librarian "0..1" <-- "*" HallReservation : approves`,
  },
  {
    problem: LIBRARY,
    student: 'decent core, no hall booking, no statuses, no closures',
    band: 'weak',
    present: ['Member', 'Room', 'Booking', 'Member.cardNumber', 'Room.capacity', 'StudyRoom is a Room'],
    missing: ['Closure', 'HallBooking', 'BookingStatus.noShow', 'Member.phone'],
    handIn: `classDiagram
class Member {
 cardNumber
 name
 email
}
class Room {
 name
 capacity
}
class Booking {
 date
 startTime
 endTime
 status
}
class Hall
class StudyRoom
class CommunityGroup {
 name
}
class Librarian
Room <|-- Hall
Room <|-- StudyRoom
Member --> Booking : makes
Booking --> Room : for
CommunityGroup --> Booking : books hall
Librarian --> Booking : approves`,
  },
  {
    problem: LIBRARY,
    student: 'only the main nouns',
    band: 'poor',
    missing: ['Member.cardNumber', 'Closure', 'CommunityGroup'],
    handIn: `classDiagram
class Member
class Room
class Booking
class Hall
class Librarian
Member --> Booking
Booking --> Room`,
  },
  {
    problem: LIBRARY,
    student: 'modelled a lending library instead',
    band: 'poor',
    missing: ['Room', 'Booking', 'Room.capacity'],
    handIn: `classDiagram
class Library
class Book {
  title
  author
  isbn
}
class Member {
  name
  cardNumber
}
class Loan {
  dueDate
}
Member --> Loan
Loan --> Book
Library --> Book`,
  },
  {
    problem: LIBRARY,
    student: 'gave up after two classes',
    band: 'poor',
    handIn: `classDiagram
  class Library
  class Room`,
  },
  {
    problem: LIBRARY,
    student: 'one flat table of everything',
    band: 'poor',
    missing: ['Member', 'Room', 'Closure'],
    handIn: `classDiagram
class Booking {
  memberName
  memberEmail
  cardNumber
  roomName
  roomCapacity
  date
  startTime
  endTime
  status
  equipment
}`,
  },
  {
    problem: LIBRARY,
    student: 'wrote prose instead of a diagram',
    band: 'poor',
    handIn: `Members book rooms. Each member has a card number, a name and an email. Rooms have a name and a capacity.
The hall is booked by community groups and a librarian approves it.
Bookings have a date, a start time and an end time.`,
  },
  {
    problem: LIBRARY,
    student: 'all classes and attributes, relationships the wrong way round',
    band: 'good',
    present: ['Member.cardNumber', 'Closure.reason', 'BookingStatus.rejected'],
    handIn: `classDiagram
  class Member {
    String cardNumber
    String name
    String email
    String phone
    Date suspendedUntil
  }
  class CommunityGroup {
    String name
    String contactEmail
  }
  class Room {
    String name
    int capacity
  }
  class StudyRoom
  class Hall
  class Booking {
    Date date
    Time startTime
    Time endTime
    BookingStatus status
  }
  class HallBooking {
    String equipment
  }
  class Librarian {
    String name
  }
  class Closure {
    Date fromDate
    Date toDate
    String reason
  }
  class BookingStatus {
    requested
    confirmed
    rejected
    cancelled
    noShow
  }
  StudyRoom <|-- Room
  Hall <|-- Room
  HallBooking <|-- Booking
  Member "0..*" --> "1" Booking : makes
  Booking "1" --> "0..*" Room : for
  Member "1" -- "1" CommunityGroup : belongs to
  CommunityGroup "0..*" --> "1" HallBooking : responsible for
  HallBooking "0..1" --> "0..*" Librarian : approved by
  Room "0..*" --> "1" Closure : closed during`,
  },
  {
    problem: LIBRARY,
    student: 'half right, padded with a lending library',
    band: 'poor',
    handIn: `classDiagram
class Member {
  name
  email
}
class Room {
  capacity
}
class Booking {
  date
}
class Book {
  title
  isbn
}
class Author {
  name
}
class Loan {
  dueDate
  returned
}
class Fine {
  amount
}
class Shelf {
  code
}
class Catalogue
Member --> Booking
Booking --> Room
Member --> Loan
Loan --> Book
Book --> Author
Loan --> Fine
Book --> Shelf
Catalogue --> Book`,
  },
  {
    problem: LIBRARY,
    student: 'solid ER diagram, no subclasses, no statuses',
    band: 'good',
    present: ['Member.cardNumber', 'Room.capacity', 'Closure.reason', ': makes'],
    missing: ['BookingStatus.noShow', 'HallBooking is a Booking'],
    handIn: `erDiagram
  MEMBER {
    string card_number PK
    string name
    string email
    string phone
    date suspended_until
  }
  ROOM {
    string name PK
    int capacity
    string type
  }
  BOOKING {
    date date
    time start_time
    time end_time
    string status
    string equipment
  }
  COMMUNITY_GROUP {
    string name
    string contact_email
  }
  LIBRARIAN {
    string name
  }
  CLOSURE {
    date from_date
    date to_date
    string reason
  }
  MEMBER ||--o{ BOOKING : makes
  ROOM ||--o{ BOOKING : "booked in"
  MEMBER }o--o{ COMMUNITY_GROUP : "belongs to"
  COMMUNITY_GROUP ||--o{ BOOKING : "responsible for"
  LIBRARIAN |o--o{ BOOKING : approves
  ROOM ||--o{ CLOSURE : "closed during"`,
  },
  {
    problem: LIBRARY,
    student: 'renamed everything (Patron, Space, Reservation), no approval or closures',
    band: 'weak',
    handIn: `classDiagram
class Patron {
  cardNumber
  name
  email
  phone
}
class Space {
  name
  capacity
}
class StudyRoom
class Hall
class Reservation {
  date
  startTime
  endTime
  status
}
class Group {
  name
  email
}
Space <|-- StudyRoom
Space <|-- Hall
Patron "1" --> "*" Reservation : makes
Reservation "*" --> "1" Space : for
Group "1" --> "*" Reservation : responsible for
Patron "*" -- "*" Group : belongs to`,
  },
  {
    problem: LIBRARY,
    student: 'every class and attribute, no relationships at all',
    band: 'good',
    present: ['Librarian.name', 'Closure.fromDate'],
    missing: [': makes', 'StudyRoom is a Room'],
    handIn: `classDiagram
class Member {
  cardNumber
  name
  email
  phone
  suspendedUntil
}
class CommunityGroup {
  name
  contactEmail
}
class Room {
  name
  capacity
}
class StudyRoom
class Hall
class Booking {
  date
  startTime
  endTime
  status
}
class HallBooking {
  equipment
}
class Librarian {
  name
}
class Closure {
  fromDate
  toDate
  reason
}
class BookingStatus {
  requested
  confirmed
  rejected
  cancelled
  noShow
}`,
  },
  {
    problem: LIBRARY,
    student: 'nearly complete, leaves out multiplicities and two member details',
    band: 'excellent',
    missing: ['Member.phone', 'Member.suspendedUntil'],
    handIn: `classDiagram
class Member {
  cardNumber
  name
  email
}
class CommunityGroup {
  name
  contactEmail
}
class Room {
  name
  capacity
}
class StudyRoom
class Hall
class Booking {
  date
  startTime
  endTime
  status
}
class HallBooking {
  equipment
}
class Librarian {
  name
}
class Closure {
  fromDate
  toDate
  reason
}
class BookingStatus {
  <<enumeration>>
  requested
  confirmed
  rejected
  cancelled
  noShow
}
Room <|-- StudyRoom
Room <|-- Hall
Booking <|-- HallBooking
Member --> Booking : makes
Booking --> Room : for
Member -- CommunityGroup : belongs to
CommunityGroup --> HallBooking : responsible for
HallBooking --> Librarian : approved by
Room --> Closure : closed during`,
  },
  {
    problem: LIBRARY,
    student: 'one-line members, start and end time written as words',
    band: 'weak',
    handIn: `classDiagram
Member : cardNumber
Member : name
Member : email
Room : name
Room : capacity
Booking : date
Booking : start time
Booking : end time
Member --> Booking
Booking --> Room
Room <|-- Hall
Room <|-- StudyRoom`,
  },
  {
    problem: LIBRARY,
    student: 'complete, plus many sensible extras of their own',
    band: 'excellent',
    handIn: `classDiagram
  class Library {
    String name
    String address
  }
  class Member {
    String cardNumber
    String name
    String email
    String phone
    String address
    Date birthDate
    Date suspendedUntil
  }
  class CommunityGroup {
    String name
    String contactEmail
  }
  class Room {
    String name
    int capacity
    int floor
  }
  class StudyRoom
  class Hall
  class Booking {
    Date date
    Time startTime
    Time endTime
    BookingStatus status
    DateTime createdAt
  }
  class HallBooking {
    String equipment
  }
  class Librarian {
    String name
    String staffId
  }
  class Closure {
    Date fromDate
    Date toDate
    String reason
  }
  class BookingStatus {
    <<enumeration>>
    requested
    confirmed
    rejected
    cancelled
    noShow
  }
  Library "1" *-- "1..*" Room
  Room <|-- StudyRoom
  Room <|-- Hall
  Booking <|-- HallBooking
  Member "1" --> "0..*" Booking : makes
  Booking "0..*" --> "1" Room : for
  Member "0..*" -- "0..*" CommunityGroup : belongs to
  CommunityGroup "1" --> "0..*" HallBooking : responsible for
  HallBooking "0..*" --> "0..1" Librarian : approved by
  Room "1" --> "0..*" Closure : closed during`,
  },
  {
    problem: LIBRARY,
    student: 'classes and relationships right, no attributes',
    band: 'weak',
    present: ['CommunityGroup', ': responsible for'],
    missing: ['Member.email', 'Room.capacity'],
    handIn: `classDiagram
class Member
class CommunityGroup
class Room
class StudyRoom
class Hall
class Booking
class HallBooking
class Librarian
class Closure
class BookingStatus
Room <|-- StudyRoom
Room <|-- Hall
Booking <|-- HallBooking
Member "1" --> "0..*" Booking : makes
Booking "0..*" --> "1" Room : for
Member "0..*" -- "0..*" CommunityGroup : belongs to
CommunityGroup "1" --> "0..*" HallBooking : responsible for
HallBooking "0..*" --> "0..1" Librarian : approved by
Room "1" --> "0..*" Closure : closed during`,
  },
];

const clinic: LabelledHandIn[] = [
  {
    problem: CLINIC,
    student: 'thorough, own ids and wording',
    band: 'excellent',
    present: ['FR2]', 'C2]', 'FR4]', 'Q2]'],
    handIn: `system: Automatic appointment reminder service
actors:
  - patient
  - parent/guardian
  - receptionist
  - practice management system
functional:
  - FR1: Every evening, import the next days' appointments from the practice management system export.
  - FR2: Send the first reminder 48 hours before the appointment.
  - FR3: Send a second reminder on the morning of the appointment day.
  - FR4: Use SMS for patients with a mobile number; otherwise email; otherwise an automated phone call to the landline.
  - FR5: Patients can reply to confirm, cancel, or ask for a call back to rebook.
  - FR6: When a patient cancels, mark the appointment cancelled in the practice system within 15 minutes.
  - FR7: Put call-back requests on the receptionists' call list.
  - FR8: Reminders for patients under 16 go to their parent or guardian.
  - FR9: Patients can opt out; no reminders on any channel after opting out.
  - FR10: Every morning produce a report of confirmed, cancelled and unanswered appointments for reception.
constraints:
  - Messages only give date, time, clinician and clinic, never the type of appointment.
  - No messages between 9 pm and 8 am.
  - No clinical notes are copied or stored outside the practice management system.
  - Only use the existing export and cancellation functions of the practice system.
quality:
  - Runs unattended and emails reception when something fails.
  - Short messages in plain language for patients with low literacy.`,
  },
  {
    problem: CLINIC,
    student: 'good core, no quality requirements, several gaps',
    band: 'weak',
    present: ['FR2]', 'FR3]', 'C2]'],
    missing: ['FR7]', 'FR10]', 'Q1]'],
    handIn: `system: Appointment reminders
users:
  - patients
  - receptionists
requirements:
  - The system imports appointments from the practice management system each evening.
  - A reminder is sent two days before the appointment.
  - Another reminder is sent on the morning of the appointment.
  - Reminders go by SMS, or email if there is no mobile number.
  - Patients can confirm or cancel by replying.
  - Cancelled appointments are freed in the appointment book within 15 minutes.
  - Patients can opt out of reminders.
constraints:
  - Messages must not say what the appointment is for.
  - No reminders at night (after 9 pm or before 8 am).`,
  },
  {
    problem: CLINIC,
    student: 'complete, organised by topic with keys of their own',
    band: 'excellent',
    handIn: `service: appointment reminder service
who:
  patients: get the reminders
  guardians: get reminders for patients under 16
  reception: handles call-backs and reads the morning report
  practice_system: source of appointments
reminders:
  import: every evening from the practice management system export
  first: two days before the appointment
  second: on the morning of the appointment
  channels: text message to mobile, else email, else automated call to landline
  quiet_hours: none between 21:00 and 08:00
  content: only date, time, clinician and clinic; never the appointment type
replies:
  options: confirm, cancel, or request a call back to rebook
  cancellation: marked cancelled in the practice management system within 15 minutes
  call_back: added to the receptionists' call list
opt_out: patients can opt out of all reminders on every channel
report: every morning, confirmed, cancelled and unanswered appointments
rules:
  - no clinical notes stored outside the practice management system
  - use only the existing export and cancellation functions
  - runs unattended, failures emailed to reception
  - short messages readable with low literacy`,
  },
  {
    problem: CLINIC,
    student: 'generic requirements that fit any system',
    band: 'poor',
    missing: ['FR2]', 'C2]', 'FR8]'],
    handIn: `requirements:
  - The system shall send reminders to patients.
  - The system shall be easy to use.
  - The system shall be secure.
  - The system shall be fast.
  - Patients can log in to see their appointments.`,
  },
  {
    problem: CLINIC,
    student: 'some of it, with the wrong figures',
    band: 'poor',
    handIn: `system: reminder system
actors: [patient, receptionist]
functional_requirements:
  - Send a reminder one day before the appointment.
  - Send a reminder one hour before the appointment.
  - Patients can cancel by replying to the text.
  - Cancelled appointments are removed from the book at the end of the day.
  - Patients under 18 get reminders through their parents.
constraints:
  - Messages are only sent during office hours.`,
  },
  {
    problem: CLINIC,
    student: 'good content, YAML that does not parse',
    band: 'weak',
    handIn: `system: Appointment reminder service
actors:
  - patient
  - receptionist
 - parent or guardian
functional requirements:
  - Import appointments every evening from the practice management system
  - First reminder two days before the appointment
  - Second reminder on the morning of the appointment
  - Patients reply to confirm, cancel or ask for a call back
  - Cancellations marked in the practice system within 15 minutes
constraints:
  - no messages between 9pm and 8am`,
  },
  {
    problem: CLINIC,
    student: "pasted the LEIA's answers as notes",
    band: 'good',
    handIn: `notes:
  - Appointments live in the clinic's practice management system, which can export the next days' appointments as a file every evening.
  - About 85% of patients have a mobile number on file; some only have a landline and a few only an email address.
  - Reminders should go out two days before the appointment and again on the morning of the appointment, but never between 9 pm and 8 am.
  - Patients should be able to reply to confirm, to cancel, or to ask for a call back to rebook.
  - A cancelled slot must be freed in the appointment book within fifteen minutes.
  - Some appointment types must never be named in a message, so messages give only the date, the time, the clinician and the clinic.
  - Patients can opt out of reminders altogether, and the opt-out applies to every channel.
  - Reminders for patients under 16 go to the parent or guardian on file.
  - Every morning reception needs a list of who confirmed, who cancelled and who did not answer.
  - The service must run without anyone looking after it day to day.`,
  },
  {
    problem: CLINIC,
    student: 'listed who is involved and stopped',
    band: 'poor',
    handIn: `system: Clinic reminders
actors:
  - patient
  - doctor
  - nurse
  - receptionist
  - clinic director`,
  },
  {
    problem: CLINIC,
    student: 'wrote JSON on one line, half of it',
    band: 'weak',
    handIn: `{"system": "Appointment reminder service", "requirements": ["Send a reminder 2 days before each appointment", "Send a reminder the morning of the appointment", "Patients can reply to confirm or cancel", "Under-16s: reminders go to the parent or guardian", "Record opt-outs and never remind those patients"], "constraints": ["No messages between 21:00 and 08:00", "Never name the appointment type in a message"]}`,
  },
  {
    problem: CLINIC,
    student: 'every functional requirement, nothing else',
    band: 'weak',
    present: ['FR1]', 'FR6]', 'FR10]'],
    missing: ['C1]', 'Q1]', 'actors[1]'],
    handIn: `functional_requirements:
  - Import tomorrow's and the following days' appointments every evening from the practice management system.
  - Send a first reminder two days before the appointment.
  - Send a second reminder on the morning of the appointment.
  - Send it by text message to mobiles, else by email, else an automated call to the landline.
  - Patients can reply to confirm, cancel or request a call back to rebook.
  - A cancellation is marked in the practice management system within 15 minutes.
  - Call-back requests are added to the receptionists' call list.
  - Reminders for patients under 16 go to the parent or guardian.
  - Patients who opt out get no reminders at all.
  - A morning report lists confirmed, cancelled and unanswered appointments.`,
  },
  {
    problem: CLINIC,
    student: 'a dump of guesses with two right',
    band: 'poor',
    handIn: `requirements:
  - Send reminders two days before appointments.
  - Send reminders by SMS.
  - Patients can log in to a portal.
  - Doctors can see their schedule.
  - Patients can pay online.
  - The system stores medical records.
  - Nurses get notifications.
  - The system integrates with the hospital.
  - Patients can chat with doctors.
  - Reports are printed weekly.
  - Appointments can be booked online.
  - The app has a dark mode.`,
  },
];

const bakery: LabelledHandIn[] = [
  {
    problem: BAKERY,
    student: 'thorough, numbered steps with roles and exceptions',
    band: 'excellent',
    present: ['Lock orders at 3 pm', 'Bake (night bakers', 'Damaged or refused items'],
    handIn: `# Wholesale order process (today)

Participants: customer, office assistant, operations manager, head baker, night bakers, packers, drivers, bookkeeper.

1. The office assistant receives orders by phone, WhatsApp or email. Standing orders are copied forward every Monday.
2. The office assistant checks the cut-off: orders before 2 pm are for tomorrow. After 2 pm the operations manager decides whether to accept it for tomorrow or move it to the day after, and the customer is told.
3. The office assistant checks the account: customers more than 30 days overdue are switched to cash on delivery.
4. The order is recorded in the shared spreadsheet.
5. At 3 pm the orders are locked.
6. The head baker prints the production sheet with the totals per product across all orders.
7. The night bakers bake from 11 pm to 5 am.
8. From 5 am the packers fill labelled crates for each customer against the printed delivery note.
9. From 6 am the drivers deliver on fixed routes, collect payment from cash-on-delivery customers and get the delivery note signed.
10. Every Friday the bookkeeper sends each customer one invoice for the week, from the signed delivery notes.

## Exceptions
- Short product at packing: the packers call the operations manager, who decides whose order is reduced (the newest customers first) and phones them before the vans leave.
- Damaged or refused items are written on the delivery note by the driver, brought back and deducted from the invoice.`,
  },
  {
    problem: BAKERY,
    student: 'the main flow in short, no exceptions, vague times',
    band: 'weak',
    missing: ['Standing orders', 'Damaged or refused items', 'Participants'],
    handIn: `## Order process
1. Customers order by phone, WhatsApp or email.
2. Orders after 2 pm need the manager's OK, otherwise they move to the next day.
3. Late payers (over 30 days) pay cash on delivery.
4. The assistant enters the order in a spreadsheet.
5. The spreadsheet is locked at 3 pm.
6. The head baker prints a production sheet with totals per product.
7. The bakers bake overnight.
8. Packers pack crates for each customer in the morning.
9. Drivers deliver and collect cash and signatures.
10. The bookkeeper invoices every Friday.`,
  },
  {
    problem: BAKERY,
    student: 'four vague steps',
    band: 'poor',
    handIn: `- Customer places an order
- Bakery bakes the bread
- Driver delivers the bread
- Customer pays the invoice`,
  },
  {
    problem: BAKERY,
    student: 'one good paragraph of prose',
    band: 'good',
    handIn: `Customers send their orders by phone, WhatsApp or email to the office assistant, who types them into the shared spreadsheet; standing orders are copied forward every Monday. Orders received before 2 pm are delivered the next morning, and a later order is only accepted for tomorrow if the operations manager agrees, otherwise it moves to the day after and the customer is told. Customers more than 30 days overdue are put on cash on delivery. The spreadsheet is locked at 3 pm and the head baker prints a production sheet with the total of each product. The night bakers bake from 11 pm to 5 am, then the packers fill each customer's labelled crates against the printed delivery note. When a product runs short the packers phone the operations manager, who decides whose order is reduced and phones those customers before the vans leave. The drivers deliver from 6 am on fixed routes, collect cash where needed and get the delivery note signed. The bookkeeper invoices every Friday from the signed notes.`,
  },
  {
    problem: BAKERY,
    student: 'every step and exception, most times wrong',
    band: 'good',
    handIn: `Participants: customer, office assistant, operations manager, head baker, night bakers, packers, drivers, bookkeeper.

1. Receive order (office assistant): by phone, WhatsApp or email. Standing orders are copied forward every Monday.
2. Check cut-off (office assistant): before 12 noon the order is for tomorrow. After 12 noon the operations manager decides: accept for tomorrow, or move to the day after and tell the customer.
3. Check account (office assistant): customers more than 60 days overdue are marked cash on delivery.
4. Record order in the shared spreadsheet.
5. Lock orders at 4 pm.
6. Print production sheet (head baker): totals per product across all orders.
7. Bake (night bakers, 10 pm to 4 am).
8. Pack (packers, from 4 am): fill labelled crates per customer against the printed delivery note.
9. Deliver (drivers, from 7 am, fixed routes): collect payment from cash-on-delivery customers; the customer signs the delivery note.
10. Invoice (bookkeeper, at the end of each month): one invoice per customer, from the signed notes.

## Exceptions
- Short product at packing: packers call the operations manager, who decides whose order is reduced (newest customers first) and phones them before the vans leave.
- Damaged or refused items: written on the delivery note by the driver, brought back and deducted at invoicing.`,
  },
  {
    problem: BAKERY,
    student: 'the steps and times, without who does what or what can go wrong',
    band: 'weak',
    handIn: `1. Receive the order (phone, WhatsApp, email)
2. Check if it is before the 2 pm cut-off
3. Check if the customer owes money
4. Put the order in the spreadsheet
5. Lock the spreadsheet at 3 pm
6. Print the production sheet
7. Bake from 11 pm to 5 am
8. Pack the crates from 5 am
9. Deliver from 6 am
10. Invoice on Friday`,
  },
  {
    problem: BAKERY,
    student: 'wrote about the problems, not the process',
    band: 'poor',
    handIn: `# Problems today
- Nothing is written down.
- Late orders need the owner's approval.
- When a product runs short, the packers phone the manager, who cuts the newest customers' orders and calls them before the vans go.
- Damaged or refused items are noted on the delivery note and taken off the invoice.
- Customers who are over 30 days late pay cash on delivery.`,
  },
  {
    problem: BAKERY,
    student: 'the participants and the names of the steps, nothing more',
    band: 'weak',
    handIn: `**Participants:** customer, office assistant, operations manager, head baker, night bakers, packers, drivers, bookkeeper.

1. Receive order
2. Check cut-off
3. Check account
4. Record order
5. Lock orders
6. Print production sheet
7. Bake
8. Pack
9. Deliver
10. Invoice`,
  },
  {
    problem: BAKERY,
    student: 'described a bakery shop instead',
    band: 'poor',
    handIn: `1. Customer comes into the shop.
2. Customer chooses bread.
3. Cashier takes payment.
4. Bread is baked in the morning.`,
  },
  {
    problem: BAKERY,
    student: 'steps with roles and both exceptions, no times',
    band: 'good',
    handIn: `# Wholesale orders

1. The office assistant takes orders by phone, WhatsApp or email and copies standing orders forward each week.
2. Late orders go to the operations manager, who accepts them or moves them to the day after and tells the customer.
3. The office assistant puts customers who are far behind on payment on cash on delivery.
4. Orders are recorded in the shared spreadsheet, which is then locked.
5. The head baker prints the production sheet with the totals per product.
6. The night bakers bake.
7. The packers fill each customer's labelled crates against the printed delivery note.
8. The drivers deliver on fixed routes, collect cash-on-delivery payments and get the note signed.
9. The bookkeeper invoices each customer weekly from the signed delivery notes.

## Exceptions
- If a product runs short, the packers call the operations manager, who decides whose order is reduced and phones them before the vans leave.
- Damaged or refused items are written on the delivery note, brought back and deducted on the invoice.`,
  },
  {
    problem: BAKERY,
    student: 'terse notes in broken English, mostly right',
    band: 'good',
    handIn: `- customer order by phone/whatsapp/email, office assistant write in shared spreadsheet
- standing orders copy every monday
- after 2pm operations manager decide accept or move to day after
- more 30 days not pay -> cash on delivery
- 3pm lock orders, head baker print production sheet with totals per product
- night bakers bake 11pm-5am
- 5am packers fill labelled crates with delivery note
- 6am drivers deliver fixed routes, take cash, customer sign delivery note
- friday bookkeeper make invoice for the week
- if product short packers call manager, he decide who get less and phone them
- damaged or refused items write on delivery note, bring back`,
  },
];

const games: LabelledHandIn[] = [
  {
    problem: 'mystery-animal-game',
    student: 'found it, and most of its facts',
    band: 'good',
    handIn: `It's a penguin. A bird that can't fly but swims very well. Lives in cold southern seas and in Antarctica. Eats fish and krill. Black and white. Lives in big colonies and lays eggs.`,
  },
  {
    problem: 'mystery-object-game',
    student: 'guessed wrong, a few facts right',
    band: 'poor',
    handIn: 'A hole punch. It is metal, used on a desk, for paper.',
  },
  {
    problem: 'mystery-object-game',
    student: 'found it, with nearly every fact',
    band: 'excellent',
    handIn:
      'A stapler: made of metal and plastic, fits in one hand, used on a desk, joins sheets of paper with small metal staples, needs no electricity or batteries, usually black, grey or red, and costs less than 20 euros.',
  },
];

export const LABELLED_HAND_INS: readonly LabelledHandIn[] = [...library, ...clinic, ...bakery, ...games];
