import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { StandaloneLink } from '../../../components/router-link';
import type { LegalSection } from '../content/legal-section';

/** Renders numbered sections: paragraphs, bullet lists and a link onwards. */
export function LegalDocument({
  intro,
  sections,
}: {
  intro: string;
  sections: readonly LegalSection[];
}) {
  return (
    <Box sx={{ '& p': { lineHeight: 1.9 }, '& li': { lineHeight: 1.9 } }}>
      <Typography component="p" sx={{ mb: 3 }}>
        {intro}
      </Typography>
      {sections.map((section, index) => (
        <Box component="section" key={section.heading} sx={{ mb: 4 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {`第${index + 1}条（${section.heading}）`}
          </Typography>
          {section.paragraphs?.map((paragraph) => (
            <Typography component="p" key={paragraph} sx={{ mb: 1 }}>
              {paragraph}
            </Typography>
          ))}
          {section.items ? (
            <Box component="ul" sx={{ pl: 3, my: 1 }}>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </Box>
          ) : null}
          {section.after?.map((paragraph) => (
            <Typography component="p" key={paragraph} sx={{ mb: 1 }}>
              {paragraph}
            </Typography>
          ))}
          {section.link ? (
            <Typography component="p" sx={{ mb: 1 }}>
              <StandaloneLink to={section.link.href}>{section.link.label}</StandaloneLink>
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
