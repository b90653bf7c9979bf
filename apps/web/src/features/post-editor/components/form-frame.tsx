import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { PageFrame } from '../../../components/page-frame';

/** The page around a post form: the route's title, one line on what is being posted, the form. */
export function FormFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <PageFrame title={title} subtitle={intro} maxWidth="md">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3, md: 4 } }}>
        {children}
      </Paper>
    </PageFrame>
  );
}
