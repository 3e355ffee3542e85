// Placeholder while issue 23's helper builds this page (replaced before the issue closes).
export default function Page() {
  return null
}
