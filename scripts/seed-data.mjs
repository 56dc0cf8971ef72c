/**
 * Demo data for Commons: three organisations, their members, initiatives, participations,
 * contributions and proposals.
 *
 * `buildDemoSql()` returns plain SQL that `scripts/seed.mjs` hands to `wrangler d1 execute`.
 * Every statement is `INSERT OR IGNORE` with a fixed, readable id, so running the seed again
 * changes nothing (rows the app has changed since are left alone too).
 *
 * Times are offsets from the start of today (UTC) at the moment the SQL is built, so "past",
 * "ongoing" and "upcoming" initiatives stay that way whenever the seed runs on a fresh database.
 * All timestamps are integer milliseconds since the epoch, like every timestamp column.
 *
 * Reference data (SDGs, categories, competences, target audiences, platform terms) is not here:
 * it lives in migrations/0001_lookups.sql, and every slug used below must exist there.
 *
 * Every demo member signs in with the password DEMO_PASSWORD.
 */
import { createHash, pbkdf2Sync } from "node:crypto";

export const DEMO_PASSWORD = "commons-demo";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const PBKDF2_ITERATIONS = 100_000;

// ---------------------------------------------------------------------------------------------
// Helpers

/** Start of the current UTC day, in ms. */
export function startOfTodayUtc(now = Date.now()) {
  return Math.floor(now / DAY) * DAY;
}

/** One SQL literal. Objects and arrays become JSON text; booleans become 0/1. */
export function sqlLiteral(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === "object") return sqlLiteral(JSON.stringify(value));
  throw new Error(`cannot write ${typeof value} as SQL`);
}

/** `INSERT OR IGNORE INTO table (...) VALUES (...);` for one row (undefined columns are left out). */
export function insertOrIgnore(table, row) {
  const columns = Object.keys(row).filter((column) => row[column] !== undefined);
  const names = columns.map((column) => `"${column}"`).join(", ");
  const values = columns.map((column) => sqlLiteral(row[column])).join(", ");
  return `INSERT OR IGNORE INTO "${table}" (${names}) VALUES (${values});`;
}

function sha256(text) {
  return createHash("sha256").update(text).digest();
}

/**
 * The stored hash of the demo password, in the format the auth service reads:
 * `pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>`. The salt is derived from the member id
 * so the seed output is stable; real accounts get random salts from the auth service.
 */
export function demoPasswordHash(memberId, password = DEMO_PASSWORD) {
  const salt = sha256(`commons-demo-salt:${memberId}`).subarray(0, 16);
  const hash = pbkdf2Sync(password, salt, PBKDF2_ITERATIONS, 32, "sha256");
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

/** A stable, uuid-shaped (version 4 layout) identifier derived from a seed string. */
function demoUuid(seed) {
  const bytes = Buffer.from(sha256(`commons-demo-uuid:${seed}`).subarray(0, 16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Remainder of a long decimal string modulo 97 (ISO 7064 MOD 97-10). */
function mod97(digits) {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder;
}

/** A Spanish IBAN with correct national control digits and IBAN check digits, grouped by 4. */
export function spanishIban(bank, branch, account) {
  const weights = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const control = (tenDigits) => {
    const sum = [...tenDigits].reduce((acc, digit, i) => acc + Number(digit) * weights[i], 0);
    const value = 11 - (sum % 11);
    return value === 11 ? 0 : value === 10 ? 1 : value;
  };
  const bban = `${bank}${branch}${control(`00${bank}${branch}`)}${control(account)}${account}`;
  // Letters count as two digits (A = 10 ... Z = 35): E = 14, S = 28.
  const check = String(98 - mod97(`${bban}142800`)).padStart(2, "0");
  return `ES${check}${bban}`.replace(/(.{4})/g, "$1 ").trim();
}

/** A CPF (Brazilian individual tax id) with valid check digits, formatted 000.000.000-00. */
export function brazilianCpf(nineDigits) {
  const digits = [...nineDigits].map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const remainder = (sum * 10) % 11;
    digits.push(remainder === 10 ? 0 : remainder);
  }
  const s = digits.join("");
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

/** A CNPJ (Brazilian company tax id) with valid check digits, formatted 00.000.000/0000-00. */
export function brazilianCnpj(twelveDigits) {
  const digits = [...twelveDigits].map(Number);
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const remainder = weights.reduce((acc, w, i) => acc + digits[i] * w, 0) % 11;
    digits.push(remainder < 2 ? 0 : 11 - remainder);
  }
  const s = digits.join("");
  return `${s.slice(0, 2)}.${s.slice(2, 5)}.${s.slice(5, 8)}/${s.slice(8, 12)}-${s.slice(12)}`;
}

// ---------------------------------------------------------------------------------------------
// Organisations

const ALL_FEATURES_ON = {
  rankings: true,
  proposals: true,
  collaborations: true,
  responsible_profile: true,
  points: true,
  program: true,
  about_our_program: true,
};

const DEFAULT_FEATURES = {
  rankings: true,
  proposals: true,
  collaborations: true,
  responsible_profile: true,
  points: false,
  program: false,
  about_our_program: false,
};

const PROPOSAL_TYPES = ["volunteering", "donation", "collection", "informative"];

const ACME_ABOUT_OUR_PROGRAM = `# Acme Cares

Acme Cares is our corporate volunteering programme. Everyone at Acme can give up to **16 working hours a year** to initiatives we run with our partner organisations, and as many hours of their own time as they like.

## How it works

1. Browse the wall and join an initiative, on your own or with your team.
2. If it takes place during working hours, your manager approves your attendance.
3. After the activity, report your hours and the impact you achieved.

## Points

Every initiative awards points. At the end of the year Acme turns the points of each office into a donation to the partner organisation its members choose.

## Questions

Write to [volunteering@acme.example](mailto:volunteering@acme.example) or talk to the volunteering lead of your office.`;

function organizations() {
  return [
    {
      id: "org-commons",
      slug: "commons",
      name: "Commons",
      logo: "/demo/commons-logo.svg",
      logo_small: "/demo/commons-logo-small.svg",
      region: "ES",
      signup_token: "commons-signup-5f3d2a90",
      is_default: 1,
      is_mini_profile: 0,
      is_public: 1,
      community_config: {
        features: DEFAULT_FEATURES,
        cover_quote: {
          visible: true,
          quote: "Small acts, repeated by many neighbours, change a whole city.",
          author: "The Commons team",
          meta: "",
        },
        language: "en-US",
        region: "ES",
        currency: "EUR",
        social_network_profiles: ["linkedin"],
        consider_working_hours: false,
        require_manager_approval: false,
        proposal_types: PROPOSAL_TYPES,
        max_number_of_sdgs: 3,
        onboarding_steps: ["categories", "target_audience"],
        required_onboarding_steps: [],
        can_pin_initiatives: false,
        ask_member_phone: false,
        theme: { primary: "#0f766e" },
        default_latitude: 40.4168,
        default_longitude: -3.7038,
      },
      general_config: { contact_email: "hello@commons.example" },
      org_terms_version: 0,
      org_terms_url: null,
    },
    {
      id: "org-acme",
      slug: "acme",
      name: "Acme",
      logo: "/demo/acme-logo.svg",
      logo_small: "/demo/acme-logo-small.svg",
      region: "ES",
      signup_token: "acme-signup-0b7e6c1a",
      is_default: 0,
      is_mini_profile: 0,
      is_public: 0,
      community_config: {
        features: ALL_FEATURES_ON,
        cover_quote: {
          visible: true,
          quote: "Our people are the best thing we can give to the places where we work.",
          author: "Elena Vidal",
          meta: "CEO, Acme",
        },
        initiative_banner: {
          visible: true,
          content: "Volunteering Week is coming: join an initiative with your team and earn double points.",
        },
        language: "en-US",
        region: "ES",
        currency: "EUR",
        social_network_profiles: ["linkedin"],
        onboarding_social_network_profiles: ["linkedin"],
        consider_working_hours: true,
        require_manager_approval: true,
        can_pin_initiatives: true,
        ask_member_phone: true,
        proposal_types: PROPOSAL_TYPES,
        max_number_of_sdgs: 3,
        onboarding_steps: ["public_groups", "social_networks", "categories", "target_audience", "availability", "phone", "tshirt_size", "date_of_birth"],
        required_onboarding_steps: ["phone"],
        about_our_program: ACME_ABOUT_OUR_PROGRAM,
        theme: { primary: "#1d4ed8" },
        initiative_participation_success_message:
          "Thanks for joining! We have let your manager know, and you will get a reminder the day before.",
        evaluation_configuration: { hide_evaluate_initiative: false, hide_evaluate_organizer: false },
        show_attachments_before_participation: false,
        default_latitude: 40.4168,
        default_longitude: -3.7038,
      },
      general_config: {
        contact_email: "volunteering@acme.example",
        password_policy: {
          minLength: 8,
          maxLength: 80,
          hasSymbols: false,
          hasUppercase: false,
          hasLowercase: true,
          hasNumbers: false,
          forbiddenWords: ["acme", "password"],
          forbidEmail: true,
        },
      },
      org_terms_version: 2,
      org_terms_url: "https://acme.example/volunteering-policy/v2",
    },
    {
      id: "org-vizinhos",
      slug: "vizinhos",
      name: "Vizinhos",
      logo: "/demo/vizinhos-logo.svg",
      logo_small: "/demo/vizinhos-logo-small.svg",
      region: "BR",
      signup_token: "vizinhos-signup-7c41e2d8",
      is_default: 0,
      is_mini_profile: 0,
      is_public: 1,
      community_config: {
        features: DEFAULT_FEATURES,
        cover_quote: {
          visible: true,
          quote: "Quem cuida do vizinho cuida do bairro inteiro.",
          author: "Rede Vizinhos",
          meta: "São Paulo",
        },
        language: "pt-BR",
        region: "BR",
        currency: "BRL",
        social_network_profiles: ["linkedin"],
        consider_working_hours: false,
        require_manager_approval: false,
        proposal_types: PROPOSAL_TYPES,
        max_number_of_sdgs: 3,
        onboarding_steps: ["categories"],
        required_onboarding_steps: [],
        can_pin_initiatives: false,
        ask_member_phone: false,
        theme: { primary: "#15803d" },
        default_latitude: -23.5505,
        default_longitude: -46.6333,
      },
      general_config: { contact_email: "contato@vizinhos.example" },
      org_terms_version: 0,
      org_terms_url: null,
    },
  ];
}

const USER_GROUPS = [
  { id: "group-acme-madrid-office", org_id: "org-acme", slug: "madrid-office", name: "Madrid office" },
  { id: "group-acme-lisbon-office", org_id: "org-acme", slug: "lisbon-office", name: "Lisbon office" },
  { id: "group-acme-it-team", org_id: "org-acme", slug: "it-team", name: "IT team" },
  { id: "group-acme-finance-team", org_id: "org-acme", slug: "finance-team", name: "Finance team" },
  { id: "group-acme-marketing-team", org_id: "org-acme", slug: "marketing-team", name: "Marketing team" },
];

const COLLABORATORS = [
  {
    id: "collab-acme-raices-verdes",
    org_id: "org-acme",
    slug: "raices-verdes",
    name: "Fundación Raíces Verdes",
    logo_small: "/demo/collab-raices-verdes.svg",
  },
  {
    id: "collab-acme-mar-limpo",
    org_id: "org-acme",
    slug: "mar-limpo",
    name: "Associação Mar Limpo",
    logo_small: "/demo/collab-mar-limpo.svg",
  },
  {
    id: "collab-acme-aula-abierta",
    org_id: "org-acme",
    slug: "aula-abierta",
    name: "Fundación Aula Abierta",
    logo_small: "/demo/collab-aula-abierta.svg",
  },
  {
    id: "collab-commons-huellas-felices",
    org_id: "org-commons",
    slug: "huellas-felices",
    name: "Protectora Huellas Felices",
    logo_small: "/demo/collab-huellas-felices.svg",
  },
  {
    id: "collab-vizinhos-maos-dadas",
    org_id: "org-vizinhos",
    slug: "maos-dadas",
    name: "Instituto Mãos Dadas",
    logo_small: "/demo/collab-maos-dadas.svg",
  },
];

// ---------------------------------------------------------------------------------------------
// Members

/**
 * Every member has one membership. Platform terms version 1 is accepted by all; the organiser of
 * Acme accepted only policy version 1, so signing in as them shows the organisation policy modal.
 * Ana has not done the (optional) onboarding of Commons, so signing in as her shows the wizard.
 */
/**
 * Colleagues of Marta's who planted trees too: their validated hours give Acme's ranking a long
 * list with ties (issue 14). [slug, name, hours]
 */
const RANKING_COLLEAGUES = [
  ["pablo", "Pablo Moreno", 9],
  ["laura", "Laura Gil", 9],
  ["sergio", "Sergio Navarro", 7],
  ["elena", "Elena Castro", 6],
  ["jorge", "Jorge Ortiz", 6],
  ["nuria", "Nuria Romero", 6],
  ["alba", "Alba Serrano", 4],
  ["hugo", "Hugo Molina", 3],
  ["irene", "Irene Delgado", 3],
  ["marcos", "Marcos Vidal", 2],
  ["sara", "Sara Ramos", 2],
  ["victor", "Víctor Prieto", 1],
];

const MEMBERS = [
  {
    id: "member-acme-member",
    email: "member@acme.example",
    name: "Marta Ruiz",
    slug: "marta-ruiz",
    language: "en-US",
    org: "org-acme",
    role: "member",
    orgTermsVersion: 2,
    onboardingVersion: 5,
    manager: "member-acme-manager",
    phone: "+34612345678",
    social: { linkedin: "marta-ruiz-demo" },
    commercialComms: true,
    sinceDays: 420,
    groups: ["group-acme-madrid-office", "group-acme-it-team"],
    categories: ["environment", "children", "education"],
    audiences: ["children", "youth"],
    competences: ["communication", "teamwork", "digital-skills", "project-management"],
  },
  {
    id: "member-acme-organiser",
    email: "organiser@acme.example",
    name: "Lucía Fernández",
    slug: "lucia-fernandez",
    language: "es-ES",
    org: "org-acme",
    role: "organiser",
    orgTermsVersion: 1,
    onboardingVersion: 5,
    manager: null,
    phone: "+34600123456",
    social: { linkedin: "lucia-fernandez-demo" },
    commercialComms: false,
    sinceDays: 900,
    groups: ["group-acme-madrid-office"],
    categories: ["environment", "hunger-and-food"],
    audiences: ["general-public"],
    competences: ["leadership", "planning-and-organisation", "communication"],
  },
  {
    id: "member-acme-manager",
    email: "manager@acme.example",
    name: "Javier Moreno",
    slug: "javier-moreno",
    language: "es-ES",
    org: "org-acme",
    role: "manager",
    orgTermsVersion: 2,
    onboardingVersion: 5,
    manager: null,
    phone: "+34611222333",
    social: {},
    commercialComms: false,
    sinceDays: 1500,
    groups: ["group-acme-madrid-office", "group-acme-it-team"],
    categories: ["employment"],
    audiences: ["unemployed-people"],
    competences: ["leadership", "decision-making"],
  },
  {
    id: "member-acme-admin",
    email: "admin@acme.example",
    name: "Helen Carter",
    slug: "helen-carter",
    language: "en-US",
    org: "org-acme",
    role: "admin",
    orgTermsVersion: 2,
    onboardingVersion: 5,
    manager: null,
    phone: "+34699000111",
    social: { linkedin: "helen-carter-demo" },
    commercialComms: false,
    sinceDays: 2000,
    groups: ["group-acme-madrid-office"],
    categories: ["community-development"],
    audiences: ["general-public"],
    competences: ["project-management", "negotiation"],
  },
  {
    // The read-only reporting role (issue 30, decision 052): Manage → Impact and its exports, nothing else.
    id: "member-acme-reporting",
    email: "reporting@acme.example",
    name: "Sofia Ribeiro",
    slug: "sofia-ribeiro",
    language: "pt-PT",
    org: "org-acme",
    role: "reporting",
    orgTermsVersion: 2,
    onboardingVersion: 5,
    manager: null,
    phone: "+351913579246",
    social: {},
    commercialComms: false,
    sinceDays: 300,
    groups: [],
    categories: ["community-development"],
    audiences: ["general-public"],
    competences: ["communication"],
  },
  {
    id: "member-acme-carlos",
    email: "carlos@acme.example",
    name: "Carlos Méndez",
    slug: "carlos-mendez",
    language: "es-ES",
    org: "org-acme",
    role: "member",
    orgTermsVersion: 2,
    onboardingVersion: 5,
    manager: "member-acme-manager",
    phone: "+34622987654",
    social: {},
    commercialComms: false,
    sinceDays: 700,
    groups: ["group-acme-madrid-office", "group-acme-finance-team"],
    categories: ["hunger-and-food", "forests-and-nature"],
    audiences: ["families"],
    competences: ["teamwork", "financial-management", "manual-skills"],
  },
  {
    id: "member-acme-ines",
    email: "ines@acme.example",
    name: "Inês Duarte",
    slug: "ines-duarte",
    language: "pt-PT",
    org: "org-acme",
    role: "member",
    orgTermsVersion: 2,
    onboardingVersion: 5,
    manager: "member-acme-manager",
    phone: "+351912345678",
    social: { linkedin: "ines-duarte-demo" },
    commercialComms: true,
    sinceDays: 365,
    groups: ["group-acme-lisbon-office", "group-acme-marketing-team"],
    categories: ["oceans-and-coasts", "entrepreneurship"],
    audiences: ["youth", "entrepreneurs"],
    competences: ["marketing-and-social-media", "creativity", "teaching-and-mentoring"],
  },
  {
    id: "member-acme-david",
    email: "david@acme.example",
    name: "David Okafor",
    slug: "david-okafor",
    language: "en-US",
    org: "org-acme",
    role: "member",
    orgTermsVersion: 2,
    onboardingVersion: 5,
    manager: "member-acme-manager",
    phone: "+34633444555",
    social: {},
    commercialComms: false,
    sinceDays: 200,
    groups: ["group-acme-lisbon-office", "group-acme-it-team"],
    categories: ["digital-inclusion", "elderly"],
    audiences: ["elderly"],
    competences: ["digital-skills", "problem-solving", "teaching-and-mentoring"],
  },
  {
    id: "member-commons-ana",
    email: "ana@commons.example",
    name: "Ana López",
    slug: "ana-lopez",
    language: "es-ES",
    org: "org-commons",
    role: "member",
    orgTermsVersion: 0,
    onboardingVersion: 0,
    manager: null,
    phone: null,
    social: {},
    commercialComms: false,
    sinceDays: 90,
    groups: [],
    categories: [],
    audiences: [],
    competences: ["empathy", "active-listening", "languages"],
  },
  {
    id: "member-vizinhos-joao",
    email: "joao@vizinhos.example",
    name: "João Silva",
    slug: "joao-silva",
    language: "pt-BR",
    org: "org-vizinhos",
    role: "member",
    orgTermsVersion: 0,
    onboardingVersion: 5,
    manager: null,
    phone: "+5511987654321",
    social: { linkedin: "joao-silva-demo" },
    commercialComms: true,
    sinceDays: 150,
    groups: [],
    categories: ["hunger-and-food", "community-development"],
    audiences: ["low-income-households"],
    competences: ["teamwork", "manual-skills"],
  },
  ...RANKING_COLLEAGUES.map(([slug, name]) => ({
    id: `member-acme-${slug}`,
    email: `${slug}@acme.example`,
    name,
    slug: `${slug}-demo`,
    language: "en-US",
    org: "org-acme",
    role: "member",
    orgTermsVersion: 2,
    onboardingVersion: 5,
    manager: "member-acme-manager",
    phone: null,
    social: {},
    commercialComms: false,
    sinceDays: 200,
    groups: [],
    categories: [],
    audiences: [],
    competences: [],
  })),
];

// ---------------------------------------------------------------------------------------------
// Initiatives

const ACME_CONTACT = {
  contact_person: "Lucía Fernández",
  contact_email: "organiser@acme.example",
  contact_phone: "+34 600 123 456",
};

/**
 * Initiatives with their links. `at(days, hours)` is the start of today (UTC) plus an offset.
 * Columns left out take the table defaults; participant_count is computed from the accepted
 * participations below, never written by hand.
 */
function initiatives(at) {
  const acme = (row) => ({
    org_id: "org-acme",
    submitter_member_id: "member-acme-organiser",
    ...ACME_CONTACT,
    ...row,
  });
  return [
    // ---- Acme --------------------------------------------------------------------------------
    acme({
      id: "ini-acme-beach-cleanup",
      slug: "beach-cleanup",
      title: "Beach clean-up at Costa da Caparica",
      description:
        "Join colleagues from the Lisbon office and the volunteers of Associação Mar Limpo for a morning on the beach. " +
        "We will walk the shoreline in small teams, collect plastics, fishing lines and cigarette butts, and sort everything we find so the association can add it to its national litter survey.\n\n" +
        "Gloves, bags and grabbers are provided. Bring a hat, sunscreen and a reusable water bottle. " +
        "Families are welcome: children can take part with an adult. At the meeting point an organiser will scan your QR code to record your attendance.",
      address: "Praia do CDS, Costa da Caparica, Portugal",
      address_detail: "Meeting point: next to lifeguard post 4",
      latitude: 38.6372,
      longitude: -9.2385,
      type: "volunteering",
      subtype: "event",
      start_time: at(12, 8),
      end_time: at(12, 12),
      registration_end_time: at(10, 22),
      tags: ["outdoors", "family-friendly", "weekend"],
      is_in_person: 1,
      points: 30,
      program: "Acme Cares",
      max_participants: 40,
      minors_allowed: 1,
      participation_method: "qr",
      created_at: at(-14, 9),
      sdgs: [14, 12, 13],
      competences: ["teamwork", "planning-and-organisation"],
      categories: ["oceans-and-coasts", "environment", "recycling-and-waste"],
      audiences: ["general-public"],
      collaborators: ["collab-acme-mar-limpo"],
    }),
    acme({
      id: "ini-acme-urban-garden",
      slug: "huerto-urbano-lavapies",
      title: "Huerto urbano comunitario en Lavapiés",
      description:
        "Durante dos meses cuidamos junto a Fundación Raíces Verdes un huerto vecinal en pleno Lavapiés. " +
        "Cada semana hay turnos de mañana y de tarde para preparar bancales, sembrar, regar y cosechar. " +
        "Lo que se recoge se reparte entre las familias del comedor social del barrio.\n\n" +
        "No hace falta experiencia: el equipo de la fundación explica cada tarea al empezar el turno. " +
        "Después de cada turno, registra tus horas (máximo 4 al día), los kilos de verdura cosechada y los plantones que hayas plantado.",
      address: "Calle del Doctor Fourquet 24, 28012 Madrid",
      address_detail: "Entrada por la puerta verde del patio",
      latitude: 40.4076,
      longitude: -3.6985,
      type: "volunteering",
      subtype: "program",
      start_time: at(-21, 8),
      end_time: at(40, 12),
      registration_end_time: at(30, 0),
      tags: ["outdoors", "weekly", "urban-agriculture"],
      is_in_person: 1,
      points: 50,
      program: "Acme Cares",
      participation_method: "report_hours",
      hours_per_day: 4,
      created_at: at(-35, 10),
      sdgs: [2, 11, 15],
      competences: ["teamwork", "manual-skills"],
      categories: ["environment", "hunger-and-food", "community-development"],
      audiences: ["low-income-households", "families"],
      collaborators: ["collab-acme-raices-verdes"],
      indicators: [
        { id: "ind-acme-urban-garden-harvest", name: "Verdura cosechada", unit: "kilogram" },
        { id: "ind-acme-urban-garden-seedlings", name: "Plantones plantados", unit: "number" },
      ],
    }),
    acme({
      id: "ini-acme-digital-skills-training",
      slug: "digital-skills-trainers",
      title: "Train the trainer: digital skills for seniors",
      description:
        "A three-hour workshop at the Madrid office to prepare volunteers who will later teach older people to use a smartphone safely: video calls with family, online appointments with the health centre, and how to spot scam messages.",
      address: "Paseo de la Castellana 95, 28046 Madrid",
      address_detail: "Acme Madrid office, 3rd floor, room Atocha",
      latitude: 40.452,
      longitude: -3.692,
      type: "training",
      start_time: at(5, 14),
      end_time: at(5, 17),
      registration_end_time: at(4, 12),
      tags: ["workshop", "indoor"],
      is_in_person: 1,
      points: 20,
      program: "Acme Cares",
      max_participants: 20,
      participation_method: "qr",
      created_at: at(-20, 11),
      sdgs: [4, 10],
      competences: ["teaching-and-mentoring", "digital-skills", "communication"],
      categories: ["digital-inclusion", "elderly", "education"],
      audiences: ["elderly", "elderly-living-alone"],
    }),
    acme({
      id: "ini-acme-school-supplies",
      slug: "school-supplies-donation",
      title: "Back-to-school supplies for 300 children",
      description:
        "Many families in the neighbourhoods around our offices cannot afford the school supplies their children need at the start of the year. " +
        "Together with Fundación Aula Abierta we want to prepare 300 backpacks with notebooks, pens, a calculator and a dictionary.\n\n" +
        "Every euro counts: 17 euros fill a complete backpack. Acme matches every donation made by its employees, and donations are tax deductible. " +
        "You can donate by bank transfer, PayPal, on the foundation's website, or in person at the Madrid and Lisbon offices.",
      type: "donation",
      start_time: at(-10, 0),
      end_time: at(35, 0),
      tags: ["matched-by-acme", "education"],
      points: 10,
      created_at: at(-12, 9),
      sdgs: [4, 1, 10],
      categories: ["children", "education", "poverty"],
      audiences: ["children", "low-income-households"],
      collaborators: ["collab-acme-aula-abierta"],
      donation: {
        currency: "EUR",
        target_amount: 500_000,
        show_target_amount: 1,
        sources: ["transfer", "inhand", "external", "paypal"],
        external_url: "https://donate.example/aula-abierta/back-to-school",
        paypal_client_id: "sb-demo-client",
        inhand_instructions:
          "Bring your donation to reception at the Madrid or Lisbon office, Monday to Thursday from 9:00 to 17:00, and ask for the Acme Cares box.",
        transfer_bank_name: "CaixaBank",
        transfer_recipient: "Fundación Aula Abierta",
        transfer_iban: spanishIban("2100", "3912", "0200118347"),
        transfer_swift: "CAIXESBBXXX",
        transfer_concept: "ACME SCHOOL SUPPLIES",
        tax_deductible: 1,
      },
    }),
    acme({
      id: "ini-acme-winter-clothes",
      slug: "recolha-roupa-inverno",
      title: "Recolha de roupa de inverno",
      description:
        "Durante o próximo mês, o escritório de Lisboa recolhe casacos, camisolas, cachecóis e cobertores em bom estado para as pessoas em situação de sem-abrigo acompanhadas pelas equipas de rua da cidade. " +
        "Deixe as peças lavadas e dobradas nas caixas da receção. Inscreva-se para ajudar a separar e entregar a roupa no último sábado da campanha.",
      address: "Avenida da Liberdade 110, 1250-146 Lisboa",
      address_detail: "Receção do escritório da Acme, piso 0",
      latitude: 38.72,
      longitude: -9.145,
      type: "collection",
      start_time: at(-3, 9),
      end_time: at(25, 18),
      tags: ["winter", "clothes"],
      is_in_person: 1,
      points: 10,
      created_at: at(-6, 9),
      sdgs: [1, 10],
      competences: ["planning-and-organisation"],
      categories: ["homelessness", "poverty"],
      audiences: ["homeless-people"],
    }),
    acme({
      id: "ini-acme-volunteering-week",
      slug: "volunteering-week",
      title: "Acme Volunteering Week: everything you need to know",
      description:
        "For one week, every Acme office turns its attention to the communities around it. There will be activities for every taste and schedule: beach and river clean-ups, workshops in schools, mentoring sessions, food bank shifts and online pro bono projects you can do from home.\n\n" +
        "During the week every initiative awards double points, and each team that takes part together gets a spot in the closing celebration. " +
        "Mark yourself as interested to receive the full programme as soon as it is published, and talk to your manager early if you want to use working hours.",
      type: "informative",
      start_time: at(20, 7),
      end_time: at(25, 16),
      tags: ["volunteering-week", "announcement"],
      created_at: at(-4, 9),
      submitter_member_id: "member-acme-admin",
      contact_person: "Helen Carter",
      contact_email: "admin@acme.example",
      contact_phone: "+34 699 000 111",
      sdgs: [17, 11],
      categories: ["community-development"],
      audiences: ["general-public"],
    }),
    acme({
      id: "ini-acme-food-bank",
      slug: "food-bank-sorting",
      title: "Sort and pack food at the Madrid food bank",
      description:
        "The food bank receives tonnes of donated food every week that must be checked, sorted by type and expiry date, and packed for more than 500 charities. " +
        "This shift takes place during working hours, so your manager needs to approve your attendance. Wear closed shoes; the warehouse provides vests and gloves.",
      address: "Mercamadrid, Calle Eje 6, 28053 Madrid",
      address_detail: "Warehouse B, loading bay 3",
      latitude: 40.3736,
      longitude: -3.6641,
      type: "volunteering",
      subtype: "opportunity",
      start_time: at(8, 8),
      end_time: at(8, 13),
      registration_end_time: at(7, 12),
      tags: ["working-hours", "teams"],
      is_in_person: 1,
      pinned: 1,
      points: 25,
      program: "Acme Cares",
      max_participants: 25,
      is_working_hours: 1,
      participation_method: "report_hours",
      hours_per_day: 5,
      created_at: at(-9, 9),
      sdgs: [2, 1, 12],
      competences: ["teamwork", "planning-and-organisation", "time-management"],
      categories: ["hunger-and-food", "poverty"],
      audiences: ["low-income-households", "families"],
    }),
    acme({
      id: "ini-acme-mentoring",
      slug: "mentoring-young-entrepreneurs",
      title: "Mentoring young entrepreneurs in Lisbon",
      description:
        "Three evening sessions pairing Acme volunteers with young people who are starting their first business. Each mentor follows one project: reviewing the business plan, preparing a pitch, and discussing pricing and first customers.",
      address: "Rua da Prata 80, 1100-415 Lisboa",
      address_detail: "Fundación Aula Abierta, Lisbon hub, 2nd floor",
      latitude: 38.7106,
      longitude: -9.1366,
      type: "volunteering",
      subtype: "mentoring",
      start_time: at(15, 16),
      end_time: at(15, 19),
      registration_end_time: at(13, 0),
      tags: ["evening", "skills-based"],
      is_in_person: 1,
      points: 40,
      program: "Acme Cares",
      max_participants: 3,
      participation_method: "report_hours",
      created_at: at(-15, 9),
      sdgs: [8, 4],
      competences: ["teaching-and-mentoring", "leadership", "communication"],
      categories: ["entrepreneurship", "employment", "youth"],
      audiences: ["youth", "entrepreneurs", "unemployed-people"],
      collaborators: ["collab-acme-aula-abierta"],
    }),
    acme({
      id: "ini-acme-river-reforestation",
      slug: "reforestacion-manzanares",
      title: "Reforestación en el Parque Lineal del Manzanares",
      description:
        "Jornada de plantación de árboles autóctonos (encinas, quejigos y fresnos) en la ribera del Manzanares, junto a Fundación Raíces Verdes. " +
        "Trabajamos en grupos de seis con un técnico de la fundación, que explica cómo abrir el hoyo, colocar el protector y regar. " +
        "Al terminar, registra tus horas y el número de árboles plantados por tu grupo.",
      address: "Parque Lineal del Manzanares, 28041 Madrid",
      address_detail: "Punto de encuentro: puente de la Princesa",
      latitude: 40.3894,
      longitude: -3.6987,
      type: "volunteering",
      subtype: "event",
      start_time: at(-30, 8),
      end_time: at(-30, 13),
      registration_end_time: at(-32, 22),
      tags: ["outdoors", "trees"],
      is_in_person: 1,
      points: 30,
      program: "Acme Cares",
      max_participants: 30,
      participation_method: "report_hours",
      hours_per_day: 5,
      feedback_url: "https://forms.example/acme-manzanares-feedback",
      created_at: at(-50, 9),
      sdgs: [15, 13, 11],
      competences: ["teamwork", "manual-skills"],
      categories: ["forests-and-nature", "environment", "climate-change"],
      audiences: ["general-public"],
      collaborators: ["collab-acme-raices-verdes"],
      indicators: [{ id: "ind-acme-river-reforestation-trees", name: "Árboles plantados", unit: "number" }],
    }),
    acme({
      id: "ini-acme-hospital-storytelling",
      slug: "hospital-storytelling",
      title: "Storytelling afternoons at the children's hospital",
      description:
        "Read stories and play board games with children staying at the hospital for long treatments. Volunteers receive a short induction from the hospital's volunteering team before their first afternoon.",
      address: "Avenida de Menéndez Pelayo 65, 28009 Madrid",
      latitude: 40.4196,
      longitude: -3.6766,
      type: "volunteering",
      subtype: "talk",
      status: "suspended",
      start_time: at(18, 15),
      end_time: at(18, 17),
      registration_end_time: at(16, 12),
      tags: ["indoor", "children"],
      is_in_person: 1,
      points: 20,
      max_participants: 10,
      participation_method: "qr",
      created_at: at(-25, 9),
      sdgs: [3],
      competences: ["empathy", "communication", "creativity"],
      categories: ["children", "health"],
      audiences: ["children", "people-with-illness"],
    }),
    acme({
      id: "ini-acme-online-cv-review",
      slug: "online-cv-review",
      title: "Online CV review for young job seekers",
      description:
        "A pro bono evening from home: in 20-minute video calls, help young people looking for their first job improve their CV and prepare for interviews. " +
        "We match you with candidates from fields close to your own experience, and you get a short guide with tips beforehand.",
      type: "volunteering",
      subtype: "probono",
      start_time: at(6, 17),
      end_time: at(6, 19),
      registration_end_time: at(6, 12),
      tags: ["online", "skills-based", "evening"],
      is_remote: 1,
      remote_url: "https://meet.example/acme-cv-review",
      points: 15,
      participation_method: "report_hours",
      hours_per_day: 2,
      created_at: at(-7, 9),
      sdgs: [8, 4, 10],
      competences: ["communication", "active-listening", "teaching-and-mentoring"],
      categories: ["employment", "youth"],
      audiences: ["youth", "unemployed-people"],
    }),
    // Registration closed yesterday, the drive is in two days: the wall's past section for Marta.
    acme({
      id: "ini-acme-blood-drive",
      slug: "blood-donation-drive",
      title: "Blood donation drive at the Madrid office",
      description:
        "The regional transfusion centre parks its mobile unit outside the Madrid office for a day. " +
        "Volunteers welcome donors, hand out snacks and water after the donation, and keep the queue moving. Registration closed once all shifts were covered.",
      address: "Paseo de la Castellana 95, 28046 Madrid",
      address_detail: "Main entrance, next to the mobile unit",
      latitude: 40.4505,
      longitude: -3.6925,
      type: "volunteering",
      subtype: "event",
      start_time: at(2, 8),
      end_time: at(2, 14),
      registration_end_time: at(-1, 12),
      tags: ["health", "office"],
      is_in_person: 1,
      points: 15,
      max_participants: 12,
      participation_method: "qr",
      created_at: at(-20, 9),
      sdgs: [3],
      competences: ["communication", "teamwork"],
      categories: ["health"],
      audiences: ["general-public"],
    }),
    // Marta is interested in it, so "my initiatives" has an informative card with a rating.
    acme({
      id: "ini-acme-sustainability-talk",
      slug: "sustainability-talk",
      title: "Lunch talk: how Acme halves its office waste",
      description:
        "The facilities team explains what happens to everything we throw away at the office, what changed since the new recycling points arrived, and what each of us can still do. " +
        "The talk is streamed too, and the recording stays available on the intranet.",
      type: "informative",
      start_time: at(-3, 12),
      end_time: at(30, 13),
      tags: ["talk", "online"],
      is_remote: 1,
      remote_url: "https://meet.example/acme-waste-talk",
      created_at: at(-10, 9),
      submitter_member_id: "member-acme-admin",
      contact_person: "Helen Carter",
      contact_email: "admin@acme.example",
      contact_phone: "+34 699 000 111",
      sdgs: [12, 13],
      categories: ["recycling-and-waste", "environment"],
      audiences: ["general-public"],
    }),

    // ---- Commons (Madrid and Lisbon) ---------------------------------------------------------
    {
      id: "ini-commons-reading-buddies",
      org_id: "org-commons",
      slug: "acompanamiento-lector-usera",
      title: "Acompañamiento lector en la biblioteca de Usera",
      description:
        "Buscamos personas voluntarias para leer con niños y niñas de 7 a 10 años que necesitan un empujón con la lectura. " +
        "Cada voluntario acompaña a la misma pareja de peques una tarde por semana durante el curso, en la sala infantil de la biblioteca. " +
        "Al acabar cada tarde, registra tus horas (máximo 3 al día).",
      address: "Calle de Marcelo Usera 140, 28026 Madrid",
      latitude: 40.3849,
      longitude: -3.7062,
      type: "volunteering",
      subtype: "mentoring",
      start_time: at(-7, 16),
      end_time: at(60, 18),
      registration_end_time: at(45, 0),
      tags: ["weekly", "reading"],
      is_in_person: 1,
      max_participants: 12,
      participation_method: "report_hours",
      hours_per_day: 3,
      contact_person: "Equipo Commons Madrid",
      contact_email: "hello@commons.example",
      contact_phone: "+34 910 000 000",
      created_at: at(-20, 9),
      sdgs: [4, 10],
      competences: ["empathy", "teaching-and-mentoring", "active-listening"],
      categories: ["children", "literacy", "education"],
      audiences: ["children", "families"],
    },
    {
      id: "ini-commons-tejo-cleanup",
      org_id: "org-commons",
      slug: "limpeza-margens-tejo",
      title: "Limpeza das margens do Tejo",
      description:
        "Uma manhã para limpar a zona ribeirinha entre o Cais do Sodré e Santos. Fornecemos luvas e sacos; traga água e roupa confortável. O registo de presença faz-se com o código QR no ponto de encontro.",
      address: "Cais do Sodré, 1200-450 Lisboa",
      address_detail: "Ponto de encontro: junto ao quiosque do Jardim Roque Gameiro",
      latitude: 38.7057,
      longitude: -9.1456,
      type: "volunteering",
      subtype: "event",
      start_time: at(9, 9),
      end_time: at(9, 12),
      registration_end_time: at(8, 20),
      tags: ["outdoors", "river"],
      is_in_person: 1,
      max_participants: 50,
      minors_allowed: 1,
      participation_method: "qr",
      contact_person: "Equipa Commons Lisboa",
      contact_email: "hello@commons.example",
      contact_phone: "+351 210 000 000",
      created_at: at(-10, 9),
      sdgs: [14, 11],
      competences: ["teamwork"],
      categories: ["environment", "oceans-and-coasts"],
      audiences: ["general-public"],
    },
    {
      id: "ini-commons-shelter-donation",
      org_id: "org-commons",
      slug: "comida-mantas-protectora",
      title: "Comida y mantas para la protectora",
      description:
        "La Protectora Huellas Felices cuida de más de 120 perros y gatos a la espera de adopción. Este invierno necesita pienso, mantas y medicinas. " +
        "Puedes donar por transferencia, en su web, o llevar mantas y pienso directamente a la protectora.",
      type: "donation",
      start_time: at(-15, 0),
      end_time: at(45, 0),
      tags: ["animals", "winter"],
      contact_person: "Protectora Huellas Felices",
      contact_email: "hello@commons.example",
      created_at: at(-16, 9),
      sdgs: [15, 3],
      categories: ["animals"],
      audiences: ["animals"],
      collaborators: ["collab-commons-huellas-felices"],
      donation: {
        currency: "EUR",
        target_amount: 150_000,
        show_target_amount: 1,
        sources: ["transfer", "inhand", "external"],
        external_url: "https://donate.example/huellas-felices",
        inhand_instructions:
          "Lleva pienso o mantas a la protectora (Camino de los Ingenieros 3, Madrid), de martes a domingo de 10:00 a 14:00.",
        transfer_bank_name: "Banco Santander",
        transfer_recipient: "Protectora Huellas Felices",
        transfer_iban: spanishIban("0049", "1500", "0512345678"),
        transfer_swift: "BSCHESMMXXX",
        transfer_concept: "COMMONS PROTECTORA",
        tax_deductible: 0,
      },
    },
    {
      id: "ini-commons-food-collection",
      org_id: "org-commons",
      slug: "recogida-alimentos-carabanchel",
      title: "Recogida de alimentos para el comedor social de Carabanchel",
      description:
        "Recogemos legumbres, aceite, conservas y leche para el comedor social de Carabanchel. Apúntate para traer alimentos al punto de recogida o para ayudar a clasificarlos el sábado.",
      address: "Calle del General Ricardos 98, 28019 Madrid",
      latitude: 40.3864,
      longitude: -3.7263,
      type: "collection",
      start_time: at(-2, 9),
      end_time: at(20, 19),
      tags: ["food"],
      is_in_person: 1,
      contact_person: "Equipo Commons Madrid",
      contact_email: "hello@commons.example",
      contact_phone: "+34 910 000 000",
      created_at: at(-5, 9),
      sdgs: [2, 1],
      categories: ["hunger-and-food", "poverty"],
      audiences: ["low-income-households", "homeless-people"],
    },

    // ---- Vizinhos (São Paulo) ----------------------------------------------------------------
    {
      id: "ini-vizinhos-community-garden",
      org_id: "org-vizinhos",
      slug: "mutirao-horta-vila-mariana",
      title: "Mutirão na horta comunitária da Vila Mariana",
      description:
        "Venha ajudar a preparar os canteiros, plantar mudas e montar o sistema de compostagem da horta comunitária da Vila Mariana. " +
        "O mutirão é aberto a todas as idades e não precisa de experiência: a equipe do Instituto Mãos Dadas orienta cada grupo. " +
        "No final, registre suas horas e quantas mudas você plantou. Traga garrafa de água, chapéu e protetor solar.",
      address: "Rua Domingos de Morais 2000, Vila Mariana, São Paulo - SP",
      address_detail: "Entrada pelo portão lateral da praça",
      latitude: -23.589,
      longitude: -46.636,
      type: "volunteering",
      subtype: "event",
      start_time: at(4, 12),
      end_time: at(4, 17),
      registration_end_time: at(3, 21),
      tags: ["ao-ar-livre", "horta"],
      is_in_person: 1,
      max_participants: 30,
      minors_allowed: 1,
      participation_method: "report_hours",
      hours_per_day: 4,
      contact_person: "Rede Vizinhos",
      contact_email: "contato@vizinhos.example",
      contact_phone: "+55 11 3000 0000",
      created_at: at(-12, 12),
      sdgs: [2, 11, 15],
      competences: ["teamwork", "manual-skills"],
      categories: ["environment", "community-development"],
      audiences: ["general-public", "families"],
      collaborators: ["collab-vizinhos-maos-dadas"],
      indicators: [{ id: "ind-vizinhos-community-garden-seedlings", name: "Mudas plantadas", unit: "number" }],
    },
    {
      id: "ini-vizinhos-winter-campaign",
      org_id: "org-vizinhos",
      slug: "campanha-do-agasalho",
      title: "Campanha do Agasalho no Centro",
      description:
        "Arrecadamos casacos, cobertores e meias para as pessoas em situação de rua do Centro de São Paulo. Inscreva-se para entregar as doações no ponto de coleta ou para ajudar na triagem aos sábados.",
      address: "Praça da Sé, Sé, São Paulo - SP",
      latitude: -23.5503,
      longitude: -46.6339,
      type: "collection",
      start_time: at(-5, 12),
      end_time: at(30, 21),
      tags: ["inverno", "roupas"],
      is_in_person: 1,
      contact_person: "Rede Vizinhos",
      contact_email: "contato@vizinhos.example",
      contact_phone: "+55 11 3000 0000",
      created_at: at(-8, 12),
      sdgs: [1, 10],
      categories: ["homelessness", "poverty"],
      audiences: ["homeless-people"],
    },
    {
      id: "ini-vizinhos-food-baskets",
      org_id: "org-vizinhos",
      slug: "cestas-basicas",
      title: "Cestas básicas para 200 famílias",
      description:
        "Com o Instituto Mãos Dadas, queremos montar 200 cestas básicas para famílias da zona leste que perderam renda nos últimos meses. " +
        "Cada cesta custa cerca de R$ 150 e alimenta uma família por um mês. Doe por transferência ou Pix, pelo site do instituto ou entregue alimentos no ponto de coleta.",
      type: "donation",
      start_time: at(-7, 12),
      end_time: at(30, 12),
      tags: ["alimentos", "famílias"],
      contact_person: "Rede Vizinhos",
      contact_email: "contato@vizinhos.example",
      created_at: at(-9, 12),
      sdgs: [2, 1],
      categories: ["hunger-and-food", "poverty"],
      audiences: ["low-income-households", "families"],
      collaborators: ["collab-vizinhos-maos-dadas"],
      donation: {
        currency: "BRL",
        target_amount: 3_000_000,
        show_target_amount: 1,
        sources: ["transfer", "inhand", "external"],
        external_url: "https://donate.example/maos-dadas/cestas",
        inhand_instructions:
          "Entregue alimentos não perecíveis na sede do Instituto Mãos Dadas (Rua Tuiuti 1500, Tatuapé), de segunda a sábado, das 9h às 17h.",
        br_transfer_bank: "Banco do Brasil (001)",
        br_transfer_agency: "1234-5",
        br_transfer_account: "67890-1",
        br_transfer_cpf: brazilianCpf("381274960"),
        br_transfer_cnpj: brazilianCnpj("274618390001"),
        br_transfer_guidelines:
          "Depois da transferência, envie o comprovante para contato@vizinhos.example com o assunto CESTAS e o código de confirmação da sua doação.",
        tax_deductible: 0,
      },
    },
    {
      id: "ini-vizinhos-coding-workshop",
      org_id: "org-vizinhos",
      slug: "oficina-programacao-adolescentes",
      title: "Oficina de programação para adolescentes",
      description:
        "Formação para voluntários que vão dar oficinas de programação para adolescentes da rede pública: como preparar uma aula prática, usar ferramentas gratuitas e manter a turma engajada.",
      address: "Rua da Consolação 94, República, São Paulo - SP",
      address_detail: "Biblioteca, sala de formação",
      latitude: -23.5475,
      longitude: -46.6423,
      type: "training",
      start_time: at(14, 17),
      end_time: at(14, 20),
      registration_end_time: at(13, 12),
      tags: ["tecnologia", "educação"],
      is_in_person: 1,
      max_participants: 15,
      participation_method: "qr",
      contact_person: "Rede Vizinhos",
      contact_email: "contato@vizinhos.example",
      contact_phone: "+55 11 3000 0000",
      created_at: at(-6, 12),
      sdgs: [4, 9],
      competences: ["digital-skills", "teaching-and-mentoring"],
      categories: ["digital-inclusion", "youth", "education"],
      audiences: ["teenagers", "students"],
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Taking part

/**
 * Participations with their records. The organisation of a participation is its initiative's.
 * Acme requires manager approval, so accepted Acme participations are approved ones.
 */
function participations(at) {
  const hours = (id, h, status, createdAt) => ({ id, type: "hours", hours: h, status, created_at: createdAt });
  const indicator = (id, indicatorId, unit, value, status, createdAt) => ({
    id,
    type: "indicator",
    value,
    unit,
    indicator_id: indicatorId,
    status,
    created_at: createdAt,
  });
  return [
    // Marta (member@acme.example), ongoing garden programme: validated and pending reports.
    {
      id: "part-acme-urban-garden-marta",
      initiative: "ini-acme-urban-garden",
      member: "member-acme-member",
      status: "accepted",
      approval: "approved",
      created_at: at(-20, 9),
      records: [
        hours("rec-acme-urban-garden-marta-1", 3, "validated", at(-18, 12)),
        hours("rec-acme-urban-garden-marta-2", 4, "validated", at(-11, 12)),
        indicator("rec-acme-urban-garden-marta-3", "ind-acme-urban-garden-harvest", "kilogram", 12, "validated", at(-11, 12)),
        hours("rec-acme-urban-garden-marta-4", 2, "pending", at(-1, 12)),
        indicator("rec-acme-urban-garden-marta-5", "ind-acme-urban-garden-seedlings", "number", 30, "pending", at(-1, 12)),
      ],
    },
    {
      id: "part-acme-urban-garden-carlos",
      initiative: "ini-acme-urban-garden",
      member: "member-acme-carlos",
      status: "accepted",
      approval: "approved",
      created_at: at(-19, 9),
      records: [
        hours("rec-acme-urban-garden-carlos-1", 4, "validated", at(-17, 12)),
        hours("rec-acme-urban-garden-carlos-2", 4, "validated", at(-10, 12)),
        // Waiting for the organiser (organiser@acme.example sees them in /manage/records).
        hours("rec-acme-urban-garden-carlos-3", 3, "pending", at(-2, 17)),
        indicator("rec-acme-urban-garden-carlos-4", "ind-acme-urban-garden-harvest", "kilogram", 8, "pending", at(-2, 17)),
      ],
    },
    // Past reforestation: everybody's hours are in; Marta has not rated it yet.
    {
      id: "part-acme-river-reforestation-marta",
      initiative: "ini-acme-river-reforestation",
      member: "member-acme-member",
      status: "accepted",
      approval: "approved",
      created_at: at(-40, 9),
      records: [
        hours("rec-acme-river-reforestation-marta-1", 5, "validated", at(-30, 14)),
        // Her social CV shows impact in two units: kilograms from the garden, trees from here.
        indicator("rec-acme-river-reforestation-marta-2", "ind-acme-river-reforestation-trees", "number", 6, "validated", at(-30, 14)),
      ],
    },
    {
      id: "part-acme-river-reforestation-carlos",
      initiative: "ini-acme-river-reforestation",
      member: "member-acme-carlos",
      status: "accepted",
      approval: "approved",
      created_at: at(-41, 9),
      records: [
        hours("rec-acme-river-reforestation-carlos-1", 5, "validated", at(-30, 14)),
        indicator("rec-acme-river-reforestation-carlos-2", "ind-acme-river-reforestation-trees", "number", 14, "validated", at(-30, 14)),
      ],
    },
    {
      id: "part-acme-river-reforestation-ines",
      initiative: "ini-acme-river-reforestation",
      member: "member-acme-ines",
      status: "accepted",
      approval: "approved",
      created_at: at(-38, 9),
      records: [hours("rec-acme-river-reforestation-ines-1", 4, "validated", at(-30, 15))],
    },
    {
      id: "part-acme-river-reforestation-david",
      initiative: "ini-acme-river-reforestation",
      member: "member-acme-david",
      status: "accepted",
      approval: "approved",
      created_at: at(-36, 9),
      records: [hours("rec-acme-river-reforestation-david-1", 5, "granted", at(-29, 10))],
    },
    ...RANKING_COLLEAGUES.map(([slug, , h]) => ({
      id: `part-acme-river-reforestation-${slug}`,
      initiative: "ini-acme-river-reforestation",
      member: `member-acme-${slug}`,
      status: "accepted",
      approval: "approved",
      created_at: at(-35, 9),
      records: [hours(`rec-acme-river-reforestation-${slug}-1`, h, "validated", at(-30, 16))],
    })),
    // The full mentoring initiative: 3 of 3 places taken.
    ...["carlos", "ines", "david"].map((who, i) => ({
      id: `part-acme-mentoring-${who}`,
      initiative: "ini-acme-mentoring",
      member: `member-acme-${who}`,
      status: "accepted",
      approval: "approved",
      created_at: at(-12 + i, 10),
      records: [],
    })),
    {
      id: "part-acme-beach-cleanup-ines",
      initiative: "ini-acme-beach-cleanup",
      member: "member-acme-ines",
      status: "accepted",
      approval: "approved",
      created_at: at(-5, 10),
      records: [],
    },
    {
      id: "part-acme-digital-skills-training-david",
      initiative: "ini-acme-digital-skills-training",
      member: "member-acme-david",
      status: "accepted",
      approval: "approved",
      created_at: at(-4, 10),
      records: [],
    },
    {
      id: "part-acme-winter-clothes-david",
      initiative: "ini-acme-winter-clothes",
      member: "member-acme-david",
      status: "accepted",
      approval: "not_needed",
      created_at: at(-2, 10),
      records: [],
    },
    // Food bank shift in working hours: Carlos approved, David joined and waits for his manager.
    {
      id: "part-acme-food-bank-carlos",
      initiative: "ini-acme-food-bank",
      member: "member-acme-carlos",
      status: "accepted",
      approval: "approved",
      created_at: at(-6, 10),
      records: [],
    },
    {
      id: "part-acme-food-bank-david",
      initiative: "ini-acme-food-bank",
      member: "member-acme-david",
      status: "accepted",
      approval: "pending",
      created_at: at(-1, 10),
      records: [],
    },
    // Commons and Vizinhos.
    {
      id: "part-commons-reading-buddies-ana",
      initiative: "ini-commons-reading-buddies",
      member: "member-commons-ana",
      status: "accepted",
      approval: "not_needed",
      created_at: at(-10, 18),
      records: [hours("rec-commons-reading-buddies-ana-1", 2, "validated", at(-5, 18))],
    },
    {
      id: "part-vizinhos-community-garden-joao",
      initiative: "ini-vizinhos-community-garden",
      member: "member-vizinhos-joao",
      status: "accepted",
      approval: "not_needed",
      created_at: at(-3, 15),
      records: [],
    },
    {
      id: "part-vizinhos-winter-campaign-joao",
      initiative: "ini-vizinhos-winter-campaign",
      member: "member-vizinhos-joao",
      status: "accepted",
      approval: "not_needed",
      created_at: at(-4, 15),
      records: [],
    },
  ];
}

function interests(at) {
  return [
    // Interest is for informative initiatives only (the API refuses it elsewhere).
    { initiative_id: "ini-acme-sustainability-talk", member_id: "member-acme-member", created_at: at(-2, 10) },
    { initiative_id: "ini-acme-volunteering-week", member_id: "member-acme-ines", created_at: at(-3, 10) },
  ];
}

function scores(at) {
  return [
    {
      initiative_id: "ini-acme-river-reforestation",
      member_id: "member-acme-carlos",
      initiative_score: 4.5,
      organization_score: 5,
      created_at: at(-29, 18),
    },
    {
      initiative_id: "ini-acme-river-reforestation",
      member_id: "member-acme-ines",
      initiative_score: 4,
      organization_score: 4.5,
      created_at: at(-28, 18),
    },
  ];
}

function contributions(at) {
  return [
    {
      id: "contrib-acme-school-supplies-carlos",
      org_id: "org-acme",
      initiative_id: "ini-acme-school-supplies",
      member_id: "member-acme-carlos",
      amount: 5_000,
      currency: "EUR",
      source: "transfer",
      comment: "For the backpacks!",
      status: "confirmed",
      confirmation_code: "K7QM",
      created_at: at(-8, 11),
    },
    {
      id: "contrib-acme-school-supplies-ines",
      org_id: "org-acme",
      initiative_id: "ini-acme-school-supplies",
      member_id: "member-acme-ines",
      amount: 2_000,
      currency: "EUR",
      source: "inhand",
      status: "confirmed",
      created_at: at(-6, 11),
    },
    {
      id: "contrib-acme-school-supplies-david",
      org_id: "org-acme",
      initiative_id: "ini-acme-school-supplies",
      member_id: "member-acme-david",
      amount: 10_000,
      currency: "EUR",
      source: "paypal",
      params: { order_id: "DEMO-PAYPAL-ORDER-0001" },
      anonymous: 1,
      status: "confirmed",
      created_at: at(-4, 11),
    },
    // Pledges waiting for the organiser's confirmation (/manage/money).
    {
      id: "contrib-acme-school-supplies-marta",
      org_id: "org-acme",
      initiative_id: "ini-acme-school-supplies",
      member_id: "member-acme-member",
      amount: 3_000,
      currency: "EUR",
      source: "transfer",
      status: "pending",
      confirmation_code: "M4RT",
      created_at: at(-2, 9),
    },
    {
      id: "contrib-acme-school-supplies-carlos-inhand",
      org_id: "org-acme",
      initiative_id: "ini-acme-school-supplies",
      member_id: "member-acme-carlos",
      amount: 1_500,
      currency: "EUR",
      source: "inhand",
      comment: "I'll bring it to reception on Monday.",
      status: "pending",
      created_at: at(-1, 16),
    },
    {
      id: "contrib-commons-shelter-ana",
      org_id: "org-commons",
      initiative_id: "ini-commons-shelter-donation",
      member_id: "member-commons-ana",
      amount: 2_500,
      currency: "EUR",
      source: "transfer",
      status: "pending",
      confirmation_code: "3RZD",
      created_at: at(-1, 19),
    },
    {
      id: "contrib-vizinhos-food-baskets-joao",
      org_id: "org-vizinhos",
      initiative_id: "ini-vizinhos-food-baskets",
      member_id: "member-vizinhos-joao",
      amount: 15_000,
      currency: "BRL",
      source: "transfer",
      comment: "Uma cesta completa.",
      status: "confirmed",
      confirmation_code: "W9XH",
      created_at: at(-5, 14),
    },
  ];
}

function proposals(at) {
  const marta = { org_id: "org-acme", member_id: "member-acme-member" };
  return [
    {
      id: "proposal-acme-marta-coding-club",
      ...marta,
      type: "volunteering",
      title: "Lunchtime coding club for kids at the school next door",
      description:
        "The primary school across the street has no computer club. A few of us in the IT team could run a one-hour coding club at lunchtime once a week, with simple games in Scratch.",
      start_time: at(21, 11),
      end_time: at(21, 12),
      is_in_person: 1,
      address: "Paseo de la Castellana 95, 28046 Madrid",
      latitude: 40.452,
      longitude: -3.692,
      sdgs: [4, 10],
      competences: ["digital-skills", "teaching-and-mentoring"],
      help_organize: 1,
      max_participants: 8,
      status: "proposed",
      created_at: at(-2, 15),
    },
    {
      id: "proposal-acme-marta-blood-drive",
      ...marta,
      type: "informative",
      title: "Blood donation day at the Madrid office",
      description:
        "Invite the regional blood transfusion centre to park its mobile unit outside the office for a day, and let everyone know when and how to book a slot.",
      sdgs: [3],
      competences: ["communication"],
      status: "open",
      created_at: at(-40, 10),
    },
    {
      id: "proposal-acme-marta-raffle",
      ...marta,
      type: "donation",
      title: "Charity raffle with office prizes",
      description:
        "Sell raffle tickets for prizes donated by each team and give the money raised to the school supplies campaign.",
      sdgs: [1],
      competences: [],
      status: "rejected",
      reject_reason:
        "Raffles need a gambling licence in Spain. Let's turn this into a regular donation campaign run with the Finance team instead.",
      created_at: at(-60, 10),
    },
    // Commons (the public community): one of each status for Ana; the moderators (admin) see the first waiting.
    {
      id: "proposal-commons-ana-seed-swap",
      org_id: "org-commons",
      member_id: "member-commons-ana",
      type: "collection",
      title: "Seed swap at the community garden",
      description: "Bring the seeds you saved this year and take home others: a Saturday morning table at the garden's gate.",
      start_time: at(18, 10),
      end_time: at(18, 13),
      is_in_person: 1,
      address: "Calle del Doctor Fourquet 24, 28012 Madrid",
      latitude: 40.4076,
      longitude: -3.6985,
      sdgs: [],
      competences: [],
      help_organize: 1,
      status: "proposed",
      created_at: at(-1, 18),
    },
    {
      id: "proposal-commons-ana-repair-cafe",
      org_id: "org-commons",
      member_id: "member-commons-ana",
      type: "volunteering",
      title: "Monthly repair café",
      description: "Neighbours who can fix lamps, bikes and clothes help others repair instead of throwing away.",
      sdgs: [12],
      competences: [],
      status: "rejected",
      reject_reason: "A repair café already runs at the civic centre on first Saturdays: join theirs, they need volunteers!",
      created_at: at(-30, 9),
    },
    {
      id: "proposal-commons-ana-book-drive",
      org_id: "org-commons",
      member_id: "member-commons-ana",
      type: "collection",
      title: "Children's book drive for the neighbourhood library",
      description: "Collect children's books in good condition for the library's free shelf.",
      sdgs: [4],
      competences: [],
      status: "open",
      created_at: at(-45, 12),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// The SQL

/**
 * SQL statements that load the demo data, one per line, in foreign-key order.
 * `now` only moves the time base (start of that UTC day); everything else is fixed.
 */
export function buildDemoSql({ now = Date.now() } = {}) {
  const base = startOfTodayUtc(now);
  const at = (days, hours = 0) => base + days * DAY + hours * HOUR;
  const lines = [];
  const section = (title) => lines.push("", `-- ${title}`);
  const add = (table, row) => lines.push(insertOrIgnore(table, row));

  lines.push(
    "-- Commons demo data, generated by scripts/seed-data.mjs. Idempotent: INSERT OR IGNORE with fixed ids.",
    `-- Time base (start of the UTC day): ${new Date(base).toISOString()}`,
  );

  section("Organisations");
  const orgCreatedAt = at(-2500);
  for (const org of organizations()) add("organizations", { ...org, created_at: orgCreatedAt, updated_at: orgCreatedAt });
  add("organization_hostnames", { hostname: "acme.localhost", org_id: "org-acme" });
  add("organization_email_domains", { domain: "acme.example", org_id: "org-acme" });
  for (const group of USER_GROUPS) add("public_user_groups", group);

  section("Members, profiles and memberships");
  for (const m of MEMBERS) {
    const createdAt = at(-m.sinceDays, 9);
    add("members", {
      id: m.id,
      email: m.email,
      password_hash: demoPasswordHash(m.id),
      email_confirmed_at: createdAt + HOUR,
      language: m.language,
      last_terms_accepted_version: 1,
      created_at: createdAt,
    });
    add("profiles", {
      member_id: m.id,
      name: m.name,
      slug: m.slug,
      phone: m.phone,
      social: m.social,
      commercial_comms_accepted: m.commercialComms ? 1 : 0,
    });
    add("memberships", {
      org_id: m.org,
      member_id: m.id,
      role: m.role,
      org_terms_accepted_version: m.orgTermsVersion,
      onboarding_completed_version: m.onboardingVersion,
      manager_member_id: m.manager,
      created_at: createdAt,
    });
    for (const groupId of m.groups) add("member_user_groups", { group_id: groupId, member_id: m.id });
    for (const slug of m.categories) add("member_categories", { org_id: m.org, member_id: m.id, category_slug: slug });
    for (const slug of m.audiences) {
      add("member_target_audiences", { org_id: m.org, member_id: m.id, target_audience_slug: slug });
    }
    for (const slug of m.competences) add("member_competences", { member_id: m.id, competence_slug: slug });
  }
  add("profile_details", {
    org_id: "org-acme",
    member_id: "member-acme-member",
    address: "Calle de Alcalá 120, 28009 Madrid",
    professional_experience: "Software engineer in the IT team since joining Acme.",
    volunteering_experience: "Two summers as a monitor at a youth camp.",
    talents_and_skills: "Teaching, photography",
    education: "BSc in Computer Science",
    relation_with_org: "employee",
    tshirt_size: "M",
    specific_training_first_aid: 1,
    availability_preferred_location: ["municipality"],
    availability_days: ["working_days_after_work", "weekends_and_holidays"],
    availability_hours_start: "18:00",
    availability_hours_end: "21:00",
    volunteering_motivation_reason: ["useful_to_others", "develop_other_skills"],
    date_of_birth: "1991-04-17",
    updated_at: at(-100, 9),
  });

  section("Collaborators");
  for (const collaborator of COLLABORATORS) add("collaborators", collaborator);

  // participant_count is kept in step with accepted participations, so compute it from them.
  const parts = participations(at);
  const acceptedCount = new Map();
  for (const p of parts) {
    if (p.status === "accepted") acceptedCount.set(p.initiative, (acceptedCount.get(p.initiative) ?? 0) + 1);
  }
  const allInitiatives = initiatives(at);
  const orgOf = new Map(allInitiatives.map((i) => [i.id, i.org_id]));

  section("Initiatives");
  for (const ini of allInitiatives) {
    const { sdgs, competences, categories, audiences, collaborators, indicators, donation, ...row } = ini;
    const count = acceptedCount.get(ini.id) ?? 0;
    const max = row.max_participants ?? -1;
    if (max >= 0 && count > max) throw new Error(`${ini.id}: ${count} participants for ${max} places`);
    add("initiatives", {
      ...row,
      max_participants: max,
      participant_count: count,
      updated_at: row.created_at,
    });
    for (const sdgId of sdgs ?? []) add("initiative_sdgs", { initiative_id: ini.id, sdg_id: sdgId });
    for (const slug of competences ?? []) add("initiative_competences", { initiative_id: ini.id, competence_slug: slug });
    for (const slug of categories ?? []) add("initiative_categories", { initiative_id: ini.id, category_slug: slug });
    for (const slug of audiences ?? []) {
      add("initiative_target_audiences", { initiative_id: ini.id, target_audience_slug: slug });
    }
    for (const id of collaborators ?? []) add("initiative_collaborators", { initiative_id: ini.id, collaborator_id: id });
    (indicators ?? []).forEach((indicator, i) => add("indicators", { ...indicator, initiative_id: ini.id, sort_order: i }));
    if (donation) add("donation_params", { initiative_id: ini.id, ...donation });
  }

  section("Participations, records, interests and scores");
  for (const p of parts) {
    const orgId = orgOf.get(p.initiative);
    if (!orgId) throw new Error(`${p.id}: unknown initiative ${p.initiative}`);
    add("participations", {
      id: p.id,
      org_id: orgId,
      initiative_id: p.initiative,
      member_id: p.member,
      uuid: demoUuid(p.id),
      status: p.status,
      manager_approval_status: p.approval,
      created_at: p.created_at,
      updated_at: p.created_at,
    });
    for (const record of p.records) add("participation_records", { ...record, participation_id: p.id });
  }
  for (const interest of interests(at)) add("interests", interest);
  for (const score of scores(at)) add("scores", score);

  section("Contributions");
  for (const contribution of contributions(at)) add("contributions", contribution);

  section("Proposals");
  for (const proposal of proposals(at)) add("proposals", proposal);

  return `${lines.join("\n")}\n`;
}

/** The demo accounts, for docs and tests: e-mail, role, phone (E.164, as the app stores it) and organisation slug. */
export const DEMO_ACCOUNTS = MEMBERS.map((m) => ({
  email: m.email,
  name: m.name,
  role: m.role,
  phone: m.phone,
  organization: m.org.replace(/^org-/, ""),
}));
