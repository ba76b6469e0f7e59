import Link from "next/link";

export default function Forbidden() {
  return (
    <div className="mx-auto mt-16 max-w-md text-center">
      <p className="text-sm font-semibold text-slate-500">403</p>
      <h1 className="mt-2 text-2xl font-semibold">You do not have access to this page</h1>
      <p className="mt-2 text-sm text-slate-600">Your role does not include it. Ask an administrator if you need access.</p>
      <Link href="/" className="mt-6 inline-block text-sm font-medium text-teal-800 underline">
        Go to your start page
      </Link>
    </div>
  );
}
