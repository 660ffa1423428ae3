import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { AdminRoute, AuthProvider, actorOf, ProtectedRoute, useAuth } from './auth';
import { LoadingState } from './components/States';
import { lazyScreen } from './lazyScreen';
import { PaletteProvider } from './palette';
import { ROUTES } from './routes';
import { Login } from './screens/Login/Login';
import { AppCommands } from './shell/AppCommands';
import { AppToaster } from './toasts';

// The login screen is in the first bundle; the signed-in shell and every other screen are
// chunks of their own, so the login page loads only what it needs.
const AppShell = lazy(() => import('./shell/AppHeader').then((module) => ({ default: module.AppShell })));
const Profile = lazyScreen(() => import('./screens/Profile/Profile'));
const AccessDenied = lazyScreen(() => import('./screens/AccessDenied/AccessDenied'));
const AdminDashboard = lazyScreen(() => import('./screens/Admin/AdminDashboard'));
const SearchScreen = lazyScreen(() => import('./screens/Search/SearchScreen'));
const MyLeias = lazyScreen(() => import('./screens/Search/MyLeias'));
const Chat = lazyScreen(() => import('./screens/Chat/Chat'));
const MyActivities = lazyScreen(() => import('./screens/Activities/MyActivities'));
const Wizard = lazyScreen(() => import('./screens/Wizard/Wizard'));

const ClassSession = lazyScreen(() => import('./screens/ClassSession/ClassSession'));
const ClassReport = lazyScreen(() => import('./screens/ClassReport/ClassReport'));
const StudentScreen = lazyScreen(() => import('./screens/Student/StudentScreen'));

const UserManagement = lazyScreen(() => import('./screens/Users/UserManagement'));
// 'Open LEIA...' and 'Try LEIA...' on every screen, loaded once signed in.
const LeiaCommands = lazy(() => import('./shell/LeiaCommands'));

const screenFallback = <LoadingState text="Loading..." />;

/** Signed-in screens: header and menu above, 'Loading...' while the chunk loads. */
function Shell({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={screenFallback}>
      <AppShell>
        <Suspense fallback={screenFallback}>{children}</Suspense>
      </AppShell>
    </Suspense>
  );
}

/** /forbidden is open to anyone: with the header when signed in, bare otherwise. */
function ForbiddenRoute() {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) {
    return (
      <Shell>
        <AccessDenied />
      </Shell>
    );
  }
  return (
    <Suspense fallback={screenFallback}>
      <AccessDenied />
    </Suspense>
  );
}

/** A class session's routes: the student's pages (no account, no menu) and the live view. */
const classRoutes = [
  <Route key="join" path={ROUTES.join}>
    <Suspense fallback={screenFallback}>
      <StudentScreen />
    </Suspense>
  </Route>,
  <Route key="resume" path={ROUTES.resume}>
    <Suspense fallback={screenFallback}>
      <StudentScreen />
    </Suspense>
  </Route>,
  <Route key="report" path={ROUTES.classReport}>
    <AdminRoute>
      <Shell>
        <ClassReport />
      </Shell>
    </AdminRoute>
  </Route>,
  <Route key="live" path={ROUTES.classSession}>
    <AdminRoute>
      <Shell>
        <ClassSession />
      </Shell>
    </AdminRoute>
  </Route>,
];

/** The route table; the paths are client/routes.ts. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path={ROUTES.login}>
        <Login />
      </Route>
      <Route path={ROUTES.forbidden}>
        <ForbiddenRoute />
      </Route>
      {classRoutes}
      {/* The chat screen has no navigation menu. */}
      <Route path={ROUTES.chat}>
        <ProtectedRoute>
          <Suspense fallback={screenFallback}>
            <Chat />
          </Suspense>
        </ProtectedRoute>
      </Route>
      <Route path={ROUTES.search}>
        <ProtectedRoute>
          <Shell>
            <SearchScreen />
          </Shell>
        </ProtectedRoute>
      </Route>
      <Route path={ROUTES.profile}>
        <ProtectedRoute>
          <Shell>
            <Profile />
          </Shell>
        </ProtectedRoute>
      </Route>
      <Route path={ROUTES.design}>
        <ProtectedRoute>
          <Shell>
            <Wizard />
          </Shell>
        </ProtectedRoute>
      </Route>
      <Route path={ROUTES.myLeias}>
        <ProtectedRoute>
          <Shell>
            <MyLeias />
          </Shell>
        </ProtectedRoute>
      </Route>
      <Route path={ROUTES.activities}>
        <AdminRoute>
          <Shell>
            <MyActivities />
          </Shell>
        </AdminRoute>
      </Route>
      <Route path={ROUTES.users}>
        <AdminRoute>
          <Shell>
            <UserManagement />
          </Shell>
        </AdminRoute>
      </Route>
      <Route path={ROUTES.admin}>
        <AdminRoute>
          <Shell>
            <AdminDashboard />
          </Shell>
        </AdminRoute>
      </Route>
      <Route>
        <Redirect to={ROUTES.search} replace />
      </Route>
    </Switch>
  );
}

/** The palette needs the signed-in user to filter commands by role. */
function PaletteForUser({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <PaletteProvider actor={actorOf(user)}>
      {user && (
        <Suspense fallback={null}>
          <LeiaCommands />
        </Suspense>
      )}
      {children}
    </PaletteProvider>
  );
}

export function App() {
  return (
    <AuthProvider>
      <PaletteForUser>
        <AppCommands />
        <AppRoutes />
        <AppToaster />
      </PaletteForUser>
    </AuthProvider>
  );
}
