/**
 * PBM connections (Settings → PBM Configuration). The sandbox PBM is built in and active in every
 * organization: formulary, quantity-limit and step-therapy checks run against the plan data loaded
 * into the app. Live PBM connections are not self-service: they are set up with the integration
 * team on a call (the scheduling modal), so none of them is shown as connected.
 */
export interface PbmEntry {
  id: string;
  name: string;
  description: string;
  sandbox: boolean;
}

export const PBM_CATALOG: readonly PbmEntry[] = [
  {
    id: "sandbox",
    name: "Sandbox PBM",
    description: "Built-in test PBM: checks formulary tier, prior-auth flag, quantity limits and step therapy against your plans' formularies.",
    sandbox: true,
  },
  { id: "cvs-caremark", name: "CVS Caremark", description: "Claims adjudication and ePA (NCPDP SCRIPT) connection.", sandbox: false },
  { id: "express-scripts", name: "Express Scripts", description: "Claims adjudication and ePA (NCPDP SCRIPT) connection.", sandbox: false },
  { id: "optumrx", name: "OptumRx", description: "Claims adjudication and ePA (NCPDP SCRIPT) connection.", sandbox: false },
  { id: "prime-therapeutics", name: "Prime Therapeutics", description: "Claims adjudication and ePA (NCPDP SCRIPT) connection.", sandbox: false },
  { id: "medimpact", name: "MedImpact", description: "Claims adjudication and ePA (NCPDP SCRIPT) connection.", sandbox: false },
];
