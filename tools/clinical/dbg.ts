import { lookupDrug, findDrugMentions } from "~/clinical/vocabulary/drugs";
console.log(lookupDrug("hydrocortisone")?.generic, lookupDrug("hydrocortisone")?.potency);
console.log(findDrugMentions("Hydrocortisone 2.5% ointment BID").map((m) => m.entry.generic));
