// Which screen shows: sign-in until a key is given, then the screen of the address. Addresses
// live in the fragment (`/console/#/brands/…`), so a reload finds the same screen and the server
// serves one page for all of them.
import { Route, Router, Switch } from "wouter";
import { useHashLocation } from "wouter/use-hash-location";
import { AccountScreen } from "./account/account-screen";
import { ResearchScreen } from "./research/research-screen";
import { BrandDetail } from "./screens/brand-detail";
import { Brands } from "./screens/brands";
import { SignIn } from "./screens/sign-in";
import { useSession } from "./session-context";
import { Shell } from "./shell";

export function App() {
  const { session } = useSession();
  if (!session) return <SignIn />;
  return (
    <Router hook={useHashLocation}>
      <Shell>
        <Switch>
          <Route path="/">
            <Brands />
          </Route>
          <Route path="/brands/:id">{(params) => <BrandDetail id={params.id} />}</Route>
          <Route path="/account">
            <AccountScreen />
          </Route>
          <Route path="/brands/:id/research">{(params) => <ResearchScreen brandId={params.id} />}</Route>
          <Route>
            <p>Nothing here.</p>
          </Route>
        </Switch>
      </Shell>
    </Router>
  );
}
