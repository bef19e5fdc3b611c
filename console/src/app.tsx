// Which screen shows: sign-in until a key is given, then the screen of the address. Addresses
// live in the fragment (`/console/#/brands/…`), so a reload finds the same screen and the server
// serves one page for all of them.
import { Route, Router, Switch } from "wouter";
import { useHashLocation } from "wouter/use-hash-location";
import { AccountScreen } from "./account/account-screen";
import { ArticleDetail } from "./articles/article-detail";
import { ArticlesScreen } from "./articles/articles-screen";
import { AuthorityScreen } from "./authority/authority-screen";
import { BriefDetail } from "./briefs/brief-detail";
import { BriefsScreen } from "./briefs/briefs-screen";
import { BrandClustering } from "./clustering/brand-clustering";
import { ClusteringReport } from "./clustering/clustering-report";
import { ClusteringScreen } from "./clustering/clustering-screen";
import { ResearchScreen } from "./research/research-screen";
import { BrandDetail } from "./screens/brand-detail";
import { Brands } from "./screens/brands";
import { SignIn } from "./screens/sign-in";
import { useSession } from "./session-context";
import { Shell } from "./shell";
import { TopicalMapScreen } from "./topical-map/map-screen";

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
          <Route path="/brands/:id/research">{(params) => <ResearchScreen brandId={params.id} />}</Route>
          <Route path="/brands/:id/clustering">{(params) => <BrandClustering brandId={params.id} />}</Route>
          <Route path="/brands/:id/map">{(params) => <TopicalMapScreen brandId={params.id} />}</Route>
          <Route path="/brands/:id/authority">{(params) => <AuthorityScreen brandId={params.id} />}</Route>
          <Route path="/brands/:id/briefs">{(params) => <BriefsScreen brandId={params.id} />}</Route>
          <Route path="/brands/:id/articles">{(params) => <ArticlesScreen brandId={params.id} />}</Route>
          <Route path="/clustering">
            <ClusteringScreen />
          </Route>
          <Route path="/clustering/:id">{(params) => <ClusteringReport id={params.id} />}</Route>
          <Route path="/briefs">
            <BriefsScreen />
          </Route>
          <Route path="/briefs/:id">{(params) => <BriefDetail id={params.id} />}</Route>
          <Route path="/articles">
            <ArticlesScreen />
          </Route>
          <Route path="/articles/:id">{(params) => <ArticleDetail id={params.id} />}</Route>
          <Route path="/account">
            <AccountScreen />
          </Route>
          <Route>
            <p>Nothing here.</p>
          </Route>
        </Switch>
      </Shell>
    </Router>
  );
}
