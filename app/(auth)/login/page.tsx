import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { homeFor } from "@/lib/auth/permissions";
import { env } from "@/lib/env";
import { getCurrentUser } from "@/lib/server/auth/current-user";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const user = await getCurrentUser();
  if (user) redirect(homeFor(user.role));
  return (
    <div className="mx-auto mt-16 max-w-sm">
      <div className="mb-8 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Sign in to ClinAudit</h1>
        <p className="mt-2 text-sm text-slate-600">Clinician audits of clinical LLM benchmarks</p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <LoginForm callbackUrl={safeCallbackPath(params.callbackUrl, env().NEXTAUTH_URL)} />
      </div>
    </div>
  );
}
