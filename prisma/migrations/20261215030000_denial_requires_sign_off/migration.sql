-- "A denial requires a clinical reviewer's sign-off": an organization setting, on by default (and for every existing organization)
ALTER TABLE "organizations" ADD COLUMN "denial_requires_sign_off" BOOLEAN NOT NULL DEFAULT true;
