"use client";

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return (
    <div className="mx-auto mt-16 max-w-md text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-sm text-slate-600">Nothing you saved was lost. Try again, or reload the page.</p>
      <button onClick={reset} className="mt-6 rounded-md bg-accent px-4 py-2 text-sm font-medium text-white">
        Try again
      </button>
    </div>
  );
}
