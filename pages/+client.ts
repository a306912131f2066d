// Loaded on every page, also on those that ship no React: the public layout's behaviour.
import { startChrome } from '#components/layout/chrome'

startChrome()
