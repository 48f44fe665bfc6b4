import { JoinPage } from "@/components/invitations/join-page";

export const metadata = { title: "Join an organisation" };

export default async function Page({ params }: { params: Promise<{ hash: string }> }) {
  const { hash } = await params;
  return <JoinPage hash={decodeURIComponent(hash)} kind="link" />;
}
