from ahoy_tui.cli import main

raise SystemExit(main())
