export default function Home() {
  return (
    <main className="p-8">
      <h1 className="text-2xl font-semibold">Ensign</h1>
    </main>
  );
}
