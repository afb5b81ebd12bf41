/** Plan types (spec list A). */
export const PLAN_TYPES = [
  "HMO", "PPO", "EPO", "POS", "PDP", "HMO-POS", "PFFS", "SNP", "DSNP", "CSNP", "ISNP", "Medicare Advantage",
  "Medicaid MCO", "CHIP", "ACA Marketplace", "Employer-Sponsored", "Catastrophic", "Indemnity",
  "High Deductible Health Plan", "TRICARE", "FEHB", "Short-Term", "Student Health Plan", "Medigap", "COBRA",
  "Integrated Medicare-Medicaid",
] as const;

/** Lines of business / insurance product types (spec list B). */
export const LINES_OF_BUSINESS = [
  "Medicare Advantage", "Medicare Part D", "Medicaid", "Commercial", "Marketplace", "Employer Group",
  "Self-Funded Employer", "CHIP", "Dual Eligible", "TRICARE", "FEHB", "Individual", "Student Health",
  "Short-Term Coverage", "Integrated Medicare-Medicaid",
] as const;

/** The 50 US states (name, USPS abbreviation). */
export const US_STATES: readonly { name: string; abbreviation: string }[] = [
  ["Alabama", "AL"], ["Alaska", "AK"], ["Arizona", "AZ"], ["Arkansas", "AR"], ["California", "CA"], ["Colorado", "CO"],
  ["Connecticut", "CT"], ["Delaware", "DE"], ["Florida", "FL"], ["Georgia", "GA"], ["Hawaii", "HI"], ["Idaho", "ID"],
  ["Illinois", "IL"], ["Indiana", "IN"], ["Iowa", "IA"], ["Kansas", "KS"], ["Kentucky", "KY"], ["Louisiana", "LA"],
  ["Maine", "ME"], ["Maryland", "MD"], ["Massachusetts", "MA"], ["Michigan", "MI"], ["Minnesota", "MN"],
  ["Mississippi", "MS"], ["Missouri", "MO"], ["Montana", "MT"], ["Nebraska", "NE"], ["Nevada", "NV"],
  ["New Hampshire", "NH"], ["New Jersey", "NJ"], ["New Mexico", "NM"], ["New York", "NY"], ["North Carolina", "NC"],
  ["North Dakota", "ND"], ["Ohio", "OH"], ["Oklahoma", "OK"], ["Oregon", "OR"], ["Pennsylvania", "PA"],
  ["Rhode Island", "RI"], ["South Carolina", "SC"], ["South Dakota", "SD"], ["Tennessee", "TN"], ["Texas", "TX"],
  ["Utah", "UT"], ["Vermont", "VT"], ["Virginia", "VA"], ["Washington", "WA"], ["West Virginia", "WV"],
  ["Wisconsin", "WI"], ["Wyoming", "WY"],
].map(([name, abbreviation]) => ({ name, abbreviation }));
