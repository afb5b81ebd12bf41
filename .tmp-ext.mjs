import { extractText, getDocumentProxy } from "unpdf";
import fs from "node:fs";
const f = process.argv[2];
const pdf = await getDocumentProxy(new Uint8Array(fs.readFileSync(f)));
const { totalPages, text } = await extractText(pdf, { mergePages: false });
console.log("pages", totalPages);
text.forEach((t,i)=>console.log(`--- page ${i+1}\n${t}`));
