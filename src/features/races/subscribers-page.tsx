// Skeleton wired into the routes; replaced by the screen's implementation.
export default function Screen() {
  return null
}
