import { Button, NonIdealState } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { pageStrings } from './pageStrings';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className="full-page bp6-dark">
      <NonIdealState
        icon="search"
        title={pageStrings.notFoundTitle}
        description={pageStrings.notFoundDescription}
        action={<Button onClick={() => navigate('/login')}>{pageStrings.backToLogin}</Button>}
      />
    </main>
  );
}
