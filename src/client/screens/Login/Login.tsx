import { useAuth } from '@client/auth';
import { Button } from '@client/components/Button';
import { PasswordInput, TextInput } from '@client/components/Field';
import { AlertIcon, LogoMark } from '@client/components/icons';
import { useDocumentTitle } from '@client/components/useDocumentTitle';
import { useFocusRequest } from '@client/components/useFocusRequest';
import { ROUTES } from '@client/routes';
import { isLoginEditing, isLoginSubmitting, type LoginField } from '@machines/login';
import { type ChangeEvent, useRef } from 'react';
import { Redirect } from 'wouter';
import { LoginActor, LoginActors } from './actors';

/** The Login screen (route /login); the flow and its messages live in machines/login.ts. */
export function Login() {
  return (
    <LoginActors>
      <LoginForm />
    </LoginActors>
  );
}

function LoginForm() {
  const auth = useAuth();
  useDocumentTitle('Login');
  const actor = LoginActor.useActorRef();
  const { email, password, error, focus } = LoginActor.useSelector((s) => s.context);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useFocusRequest(focus, { email: emailRef, password: passwordRef });
  const submitting = LoginActor.useSelector(isLoginSubmitting);
  const editing = LoginActor.useSelector(isLoginEditing);

  // Already signed in on arrival: nothing to do here. (After a login the 1 s redirect runs instead.)
  if (auth.isAuthenticated && editing) return <Redirect to={ROUTES.search} replace />;

  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) =>
    actor.send({ type: 'login.change', field, value: event.target.value });

  return (
    <div className="auth-screen">
      <main id="main" className="auth-card">
        <div className="auth-card__brand">
          <LogoMark size={40} />
          <h1 className="auth-card__title">Designer</h1>
          <p className="auth-card__subtitle">Sign in to design and try LEIAs</p>
        </div>
        <form
          className="auth-card__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'login.submit' });
          }}
        >
          <TextInput
            ref={emailRef}
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            value={email}
            onChange={change('email')}
          />
          <PasswordInput
            ref={passwordRef}
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={change('password')}
          />
          {error && (
            <div className="alert alert--error" role="alert">
              <AlertIcon />
              <span>{error}</span>
            </div>
          )}
          <Button
            type="submit"
            variant="primary"
            loading={submitting}
            disabled={!editing}
            className="auth-card__submit"
          >
            Login
          </Button>
        </form>
      </main>
      <footer className="auth-footer">Developed by the LEIA team</footer>
    </div>
  );
}
