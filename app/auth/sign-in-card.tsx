/**
 * The sign-in card (PRODUCT-SPEC §2 "Sign-in"): email step ('Continue to your account'), then a
 * 6-digit code step with 'Change email' and 'Resend code'. Plain POST forms, validated by Conform +
 * zod in the browser when JavaScript is on and always on the server.
 */
import { Form, Link, useNavigation } from "react-router";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CodeStepSchema, EmailStepSchema, RegisterSchema } from "~/auth/schemas";
import type { SignInActionData, SignInLoaderData } from "~/auth/sign-in-page.server";

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none aria-invalid:border-red-400";
const primaryButton =
  "flex w-full justify-center rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white shadow-xs hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60";
const linkButton = "text-sm font-medium text-indigo-600 hover:text-indigo-500";

function FieldError({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600">
      {errors[0]}
    </p>
  );
}

function FormAlert({ messages }: { messages: (string | null | undefined)[] }) {
  const list = messages.filter((m): m is string => Boolean(m));
  if (!list.length) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {list[0]}
    </div>
  );
}

function withRedirect(path: string, redirectTo: string | null) {
  return redirectTo ? `${path}?redirect_to=${encodeURIComponent(redirectTo)}` : path;
}

function EmailStep({ loader, action }: { loader: SignInLoaderData; action?: SignInActionData }) {
  const register = loader.mode === "register";
  const schema = register ? RegisterSchema : EmailStepSchema;
  const [form, fields] = useForm({
    id: `sign-in-email-${loader.mode}`,
    lastResult: action?.step === "email" ? action.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const f = fields as Record<string, (typeof fields)["email"]>;
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="email" />
      <FormAlert messages={[...(form.errors ?? []), loader.step === "email" ? loader.error : null]} />
      {register && (
        <>
          <div>
            <label htmlFor={f.username!.id} className="mb-1 block text-sm font-medium text-slate-700">
              Your name
            </label>
            <input {...getInputProps(f.username!, { type: "text" })} autoComplete="name" className={inputClass} placeholder="Dana Reyes" />
            <FieldError id={f.username!.errorId} errors={f.username!.errors} />
          </div>
          <div>
            <label htmlFor={f.organization_name!.id} className="mb-1 block text-sm font-medium text-slate-700">
              Organization
            </label>
            <input
              {...getInputProps(f.organization_name!, { type: "text" })}
              autoComplete="organization"
              className={inputClass}
              placeholder="Acme Health Plan"
            />
            <FieldError id={f.organization_name!.errorId} errors={f.organization_name!.errors} />
          </div>
        </>
      )}
      <div>
        <label htmlFor={fields.email.id} className="mb-1 block text-sm font-medium text-slate-700">
          Work email
        </label>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          defaultValue={fields.email.initialValue ?? loader.email ?? undefined}
          autoComplete="email"
          autoFocus
          className={inputClass}
          placeholder="you@healthplan.org"
        />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? "Sending code…" : register ? "Create account" : "Continue"}
      </button>
    </Form>
  );
}

function CodeStep({ loader, action }: { loader: SignInLoaderData; action?: SignInActionData }) {
  const [form, fields] = useForm({
    id: "sign-in-code",
    lastResult: action?.step === "code" ? action.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CodeStepSchema }),
  });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "code";
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        We sent a 6-digit code to <strong className="font-medium text-slate-900">{loader.email}</strong>. It expires in 10 minutes.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="code" />
        <FormAlert messages={[...(form.errors ?? []), loader.error]} />
        <div>
          <label htmlFor={fields.code.id} className="mb-1 block text-sm font-medium text-slate-700">
            Sign-in code
          </label>
          <input
            {...getInputProps(fields.code, { type: "text" })}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            autoFocus
            className={`${inputClass} text-center font-mono text-lg tracking-[0.5em]`}
            placeholder="000000"
          />
          <FieldError id={fields.code.errorId} errors={fields.code.errors} />
        </div>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? "Checking…" : "Sign in"}
        </button>
      </Form>
      <div className="flex items-center justify-between">
        <Form method="post">
          <input type="hidden" name="intent" value="change-email" />
          <button type="submit" className={linkButton}>
            Change email
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" className={linkButton}>
            Resend code
          </button>
        </Form>
      </div>
    </div>
  );
}

/** The whole card: heading, the current step, the switch between sign-in and sign-up, legal links. */
export function SignInCard({ loader, action }: { loader: SignInLoaderData; action?: SignInActionData }) {
  const register = loader.mode === "register";
  const step = loader.step;
  return (
    <div className="w-full max-w-sm">
      <div className="mb-8 text-center">
        <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-indigo-600 text-sm font-bold text-white">PA</span>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">
          {step === "code" ? "Check your email" : register ? "Create your account" : "Continue to your account"}
        </h1>
        {step === "email" && (
          <p className="mt-1 text-sm text-slate-500">{register ? "Set up your organization's review workspace." : "We'll email you a 6-digit sign-in code."}</p>
        )}
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {step === "code" ? <CodeStep loader={loader} action={action} /> : <EmailStep loader={loader} action={action} />}
      </div>
      {step === "email" && (
        <p className="mt-6 text-center text-sm text-slate-600">
          {register ? (
            <>
              Already have an account?{" "}
              <Link to={withRedirect("/login", loader.redirectTo)} className="font-medium text-indigo-600 hover:text-indigo-500">
                Sign in
              </Link>
            </>
          ) : (
            <>
              New to PA Review?{" "}
              <Link to={withRedirect("/register", loader.redirectTo)} className="font-medium text-indigo-600 hover:text-indigo-500">
                Create an account
              </Link>
            </>
          )}
        </p>
      )}
      <p className="mt-4 text-center text-xs text-slate-500">
        By continuing you agree to the{" "}
        <Link to="/terms" className="underline hover:text-slate-700">
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link to="/privacy" className="underline hover:text-slate-700">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
