import { HomeRedirect } from "@/components/shell/home-redirect";

export default function Home() {
  return <HomeRedirect />;
}
