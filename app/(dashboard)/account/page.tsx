import { AccountPage } from "@/components/account/account-page";

export const metadata = { title: "Account" };

export default function Page() {
  return <AccountPage />;
}
