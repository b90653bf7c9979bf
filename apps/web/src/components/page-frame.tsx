import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PageFrameProps {
  title: string;
  subtitle?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
  children?: ReactNode;
}

/** The frame every default-layout page uses: one h1 and the content under it. */
export function PageFrame({ title, subtitle, maxWidth = 'md', children }: PageFrameProps) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 5 } }}>
      <Box component="header" sx={{ mb: 3 }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {children}
    </Container>
  );
}
