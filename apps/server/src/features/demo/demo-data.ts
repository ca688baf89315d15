/** The demo's reference data: tiers, suppliers (currency and booking number format) and agents. */

export const TIERS = [
  { name: 'Bronze', description: 'New agents, first year.' },
  { name: 'Silver', description: 'Established agents.' },
  { name: 'Gold', description: 'Top producers.' },
];

export const SUPPLIERS = [
  { name: 'Air Canada Vacations', currency: 'CAD', booking_number_format: 'AC-000000' },
  { name: 'Sunwing Vacations', currency: 'CAD', booking_number_format: 'SW0000000' },
  { name: 'Transat Holidays', currency: 'CAD', booking_number_format: 'TSXXXXXX' },
  { name: 'British Airways Holidays', currency: 'GBP', booking_number_format: 'BAAA-0000' },
  { name: 'TUI UK', currency: 'GBP', booking_number_format: '00000000' },
  { name: 'Jet2holidays', currency: 'GBP', booking_number_format: null },
] as const;

export type AgentSeed = {
  name: string;
  email: string;
  nickname: string;
  tier: string;
  province: string;
  city: string;
  has_gst: boolean;
  gst_number: string | null;
  commission_percentage: string | null;
  dob: string;
  sin: string;
  phone: string;
};

export const AGENTS: AgentSeed[] = [
  {
    name: 'Olivia Tremblay',
    email: 'olivia.tremblay@example.com',
    nickname: 'Liv',
    tier: 'Gold',
    province: 'QC',
    city: '1200 Rue Sherbrooke O, Montréal QC H3A 1H6',
    has_gst: true,
    gst_number: '123456789RT0001',
    commission_percentage: '70.00',
    dob: '1984-03-12',
    sin: '046454286',
    phone: '+1 514 555 0142',
  },
  {
    name: 'Liam Chen',
    email: 'liam.chen@example.com',
    nickname: 'Liam',
    tier: 'Silver',
    province: 'BC',
    city: '880 Hornby St, Vancouver BC V6Z 1T9',
    has_gst: false,
    gst_number: null,
    commission_percentage: '60.00',
    dob: '1990-07-28',
    sin: '130692544',
    phone: '+1 604 555 0199',
  },
  {
    name: 'Amelia Singh',
    email: 'amelia.singh@example.com',
    nickname: 'Amy',
    tier: 'Bronze',
    province: 'ON',
    city: '55 King St W, Toronto ON M5K 1A2',
    has_gst: false,
    gst_number: null,
    commission_percentage: '50.00',
    dob: '1995-11-02',
    sin: '193456787',
    phone: '+1 416 555 0111',
  },
  {
    name: 'Noah Gagnon',
    email: 'noah.gagnon@example.com',
    nickname: 'Noah',
    tier: 'Bronze',
    province: 'QC',
    city: '400 Boul. Laurier, Québec QC G1V 2L8',
    has_gst: false,
    gst_number: null,
    commission_percentage: null, // books Sunwing and Transat only through Olivia (sub-agent link)
    dob: '1998-05-19',
    sin: '287654321',
    phone: '+1 418 555 0175',
  },
];
