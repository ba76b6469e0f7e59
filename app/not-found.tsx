import Link from "next/link";

export default function NotFound() {
  return (
    <div className="mx-auto mt-16 max-w-md text-center">
      <p className="text-sm font-semibold text-slate-500">404</p>
      <h1 className="mt-2 text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-sm text-slate-600">It does not exist, or it is not yours to see.</p>
      <Link href="/" className="mt-6 inline-block text-sm font-medium text-teal-800 underline">
        Go to your start page
      </Link>
    </div>
  );
}
