export { LoginScreen } from './LoginScreen';
export { SignUpScreen } from './SignUpScreen';
export { ForgotPasswordScreen } from './ForgotPasswordScreen';
export { ResetPasswordScreen } from './ResetPasswordScreen';
export { ConfirmEmailScreen } from './ConfirmEmailScreen';
export { ResendConfirmation } from './ResendConfirmation';
export { MailOutboxScreen } from './MailOutboxScreen';
