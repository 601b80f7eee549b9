import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { messages } from '@shop/shared';
import type { ReactNode } from 'react';
import { EMAIL_MAX_WIDTH_PX, brand } from './brand';

/** What every email says about where it comes from. */
export interface ShopOrigin {
  /** The shop's own address (PUBLIC_URL): the only origin an email may load from or link to. */
  publicUrl: string;
}

/**
 * The frame of every email: the shop's logo and name, the content on a white card at most
 * 600 px wide, and a footer. Nothing is loaded from anywhere but the shop's own address.
 */
export function EmailLayout({
  origin,
  preview,
  heading,
  children,
}: {
  origin: ShopOrigin;
  preview: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: brand.base200,
          color: brand.baseContent,
          fontFamily: brand.font,
          margin: 0,
          padding: '24px 0',
        }}
      >
        <Container
          style={{
            maxWidth: `${EMAIL_MAX_WIDTH_PX}px`,
            width: '100%',
            backgroundColor: brand.base100,
            border: `1px solid ${brand.base300}`,
            borderRadius: '12px',
          }}
        >
          <Section style={{ padding: '24px 32px 0' }}>
            <Link href={origin.publicUrl} style={{ color: brand.primary, textDecoration: 'none' }}>
              <Img
                src={`${origin.publicUrl}/images/logo.svg`}
                width="32"
                height="32"
                alt=""
                style={{ display: 'inline-block', verticalAlign: 'middle', marginRight: '8px' }}
              />
              <span style={{ fontSize: '18px', fontWeight: 700, verticalAlign: 'middle' }}>
                {messages.email.shopName}
              </span>
            </Link>
          </Section>
          <Section style={{ padding: '8px 32px 24px' }}>
            <Heading as="h1" style={{ fontSize: '22px', lineHeight: '30px', margin: '16px 0' }}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: brand.base300, margin: 0 }} />
          <Section style={{ padding: '16px 32px' }}>
            <Text style={{ color: brand.muted, fontSize: '12px', lineHeight: '18px', margin: 0 }}>
              {messages.email.footer}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of an email's body. */
export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text style={{ fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' }}>{children}</Text>
  );
}

/**
 * A link email's action: the button, then its address written out for a mail app that hides
 * buttons (the password reset and the verification emails).
 */
export function ActionWithLink({ href, label }: { href: string; label: string }) {
  return (
    <>
      <PrimaryButton href={href}>{label}</PrimaryButton>
      <Paragraph>
        <br />
        {messages.email.linkIntro}{' '}
        <Link href={href} style={{ color: brand.primary, wordBreak: 'break-all' }}>
          {href}
        </Link>
      </Paragraph>
    </>
  );
}

/** The email's one call to action, in the shop's colour. */
export function PrimaryButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      href={href}
      style={{
        backgroundColor: brand.primary,
        color: brand.primaryContent,
        borderRadius: '8px',
        fontSize: '15px',
        fontWeight: 600,
        padding: '12px 20px',
        textDecoration: 'none',
        display: 'inline-block',
      }}
    >
      {children}
    </Button>
  );
}
