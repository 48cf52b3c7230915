from splash.site.cli import main

main()
