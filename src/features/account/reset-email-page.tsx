// Being written in this session (issue 9); replaced by the screen itself before it lands.
export default function ResetEmailPage() {
  return null
}
