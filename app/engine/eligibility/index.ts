export { checkEligibility, matchFormulary, matchMember, canonicalMemberId, type MemberMatch } from "./check-eligibility";
